import { randomUUID } from 'node:crypto';

/**
 * In a create form: a key made anew each time the form is shown, so the same form sent twice creates
 * once (http/once.ts reads it).
 */
export const OnceField = () => <input type="hidden" name="_once" value={randomUUID()} />;
