import { randomUUID } from 'node:crypto';

/**
 * In a create form: a key made anew each time the form is shown, so the same form sent twice creates
 * once (http/once.ts reads it). It must survive Back as the typed text does: a signed-in page is
 * `no-store`, so Back fetches the form again with a new key, and the browser puts back only what the
 * person changed. So it is a text box the page hides (never `type="hidden"`, whose value is always
 * the new page's), and `assets/site.js` makes its key a changed value, which the browser then keeps
 * with the history entry and puts back. No `autocomplete="off"`: that stops the putting back.
 */
export const OnceField = () => <input type="text" name="_once" value={randomUUID()} hidden />;
