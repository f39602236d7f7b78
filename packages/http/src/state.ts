import type { Logger } from 'pino';

/** What the kernel middleware keeps on `ctx.state` for the rest of the request. */
export interface KernelState {
  requestId: string;
  log: Logger;
  /** The domain error code of the answer, for usage counts. */
  errorCode?: string;
}
