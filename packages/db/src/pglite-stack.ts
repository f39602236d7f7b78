import type { PGlite } from '@electric-sql/pglite';

const RELEASING = Symbol.for('svc.pglite.releaseStackAfterErrors');

/**
 * Makes every PGlite of this process give back, after each protocol message, the stack a failed
 * statement left behind.
 *
 * PGlite raises a PostgreSQL error (`ereport(ERROR)`) as an exception thrown through the
 * WebAssembly frames of the statement, and catches it around the backend's main loop. In the
 * version we use (0.5.8) that catch does not put back the C stack pointer the unwound frames had
 * lowered, so every failed statement leaves its frames on the stack for good (704 bytes for a
 * unique violation). PostgreSQL measures its stack depth from that pointer: after about 3,000 failed
 * statements (`max_stack_depth`, 2 MB) every statement, `rollback` included, fails with `stack
 * depth limit exceeded` until the process restarts. A `rollback` that fails so leaves the session
 * in the aborted transaction, and the next `begin` then fails (`current transaction is aborted`)
 * where the driver does not catch it, which ends the process. An idempotent replay fails one
 * statement (its key's insert), so a few thousand replays were enough.
 *
 * A message is handled synchronously and no WebAssembly frame lives on once it returns, so the
 * pointer goes back to where it stood when the message came in (PGlite 0.5.16 puts it back itself,
 * after each failed statement). The class is changed rather than an instance so that PGlite still
 * starts when the entity manager first needs it, and is closed by it.
 */
export const releaseStackAfterErrors = (pgliteClass: typeof PGlite): void => {
  const prototype = pgliteClass.prototype as PGlite & { [RELEASING]?: true };
  if (prototype[RELEASING]) return;
  const execute = prototype.execProtocolRawSync;
  prototype.execProtocolRawSync = function (this: PGlite, message: Uint8Array): Uint8Array {
    // A build that does not expose it: nothing to do here (pglite-stack.integration.test.ts tells whether it leaks).
    const stack = (this.Module as unknown as { ___stack_pointer?: { value: number } } | undefined)?.___stack_pointer;
    const top = stack?.value;
    try {
      return execute.call(this, message);
    } finally {
      if (stack && top !== undefined) stack.value = top;
    }
  };
  prototype[RELEASING] = true;
};
