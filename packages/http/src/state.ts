import type { Logger } from 'pino';

/** What the kernel middleware keeps on `ctx.state` for the rest of the request. */
export interface KernelState {
  requestId: string;
  log: Logger;
  /** The domain error code of the answer, for usage counts. */
  errorCode?: string;
  /** The RFC 9728 metadata URL of the protected resource, named in `WWW-Authenticate` on 401 and 403. */
  resourceMetadata?: string;
}
