import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '@svc/runtime';
import { TEST_BASE_URL, type TestApp, type TestResponse } from '@svc/runtime/testing';
import { HTML, signUpPerson, submitAs, viewAs, type Person } from './app.ts';
import { startWebTestApp } from './app.ts';
import { parseHtml } from './html.ts';

/**
 * A forgotten password, as a person meets it on the website: a recovery code made on the account
 * page (shown once), "Forgot your password?" on the sign-in page, the reset form and its refusals.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startWebTestApp();
});
afterAll(() => app?.close());

const FORM = { ...HTML, 'content-type': 'application/x-www-form-urlencoded' };
const REFUSED = 'The e-mail address or recovery code is not right.';

/** The cookies a response sets, as `name=value` pairs a browser sends back. */
const cookiesOf = (res: TestResponse): string[] => res.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);

/** The message shown under a field: `<small id="f-…-error">`. */
const fieldError = (body: string, field: string): string | undefined => parseHtml(body).field(field).error;

/** A signed-out browser: the reset form read first (its CSRF token and cookie), then posted from `address`. */
const resetForm = async (fields: Record<string, string>, address = '198.51.100.1') => {
  const form = await app.request<string>('GET', '/auth/reset', { headers: HTML });
  const token = parseHtml(form.body).csrf();
  return app.request<string>('POST', '/auth/reset', {
    headers: { ...FORM, cookie: cookiesOf(form).join('; '), 'x-forwarded-for': address },
    rawBody: new URLSearchParams({ _csrf: token, ...fields }).toString(),
  });
};

/**
 * Makes a recovery code on the account page as the person's browser does: the form, then the page it
 * redirects to, opened with the cookie the answer set (the code, kept for that one page).
 */
const makeCodePage = async (who: Person, password = 'correct horse battery') => {
  const made = await submitAs(app, who, '/account/recovery-code', { current_password: password });
  expect([made.status, made.headers.get('location')]).toEqual([303, '/account/recovery-code']);
  const cookie = [`${sessionCookieName(TEST_BASE_URL)}=${who.principal.session}`, ...cookiesOf(made)].join('; ');
  return app.request<string>('GET', '/account/recovery-code', { headers: { ...HTML, cookie } });
};

/** Makes a recovery code and reads it off its page. */
const makeCode = async (who: Person, password = 'correct horse battery') => parseHtml((await makeCodePage(who, password)).body).text('code.secret-code[data-copy]')!;

describe('a recovery code on the account page', () => {
  it('says there is none yet, asks for the current password, and shows a new code once, never again', async () => {
    const ada = await signUpPerson(app, 'Ada Account');
    const before = await viewAs(app, ada, '/account');
    expect(before.body).toContain('You have no recovery code yet.');
    expect(parseHtml(before.body).texts('button[type="submit"]')).toContain('Create a recovery code');

    const wrong = await submitAs(app, ada, '/account/recovery-code', { current_password: 'not my password' });
    expect(wrong.status).toBe(401);
    const wrongPage = parseHtml(wrong.body);
    expect(wrongPage.text('h1')).toBe('Your account');
    expect(fieldError(wrong.body, 'recovery-current_password')).toBe('This does not match the password you sign in with: type your current password again. Forgotten it? Sign out and choose “Forgot your password?” on the sign-in page.');
    // The password change form beside it keeps its own field, unmarked: every id on the page is its own.
    expect(wrongPage.field('current_password').control.getAttribute('name')).toBe('current_password');
    expect(wrongPage.links('.error-summary').map((link) => link.href)).toContain('#f-recovery-current_password');
    expect(fieldError(wrong.body, 'current_password')).toBeUndefined();
    expect(wrong.body).not.toContain('secret-code');

    const made = await makeCodePage(ada);
    expect(made.status).toBe(200);
    expect(made.headers.get('cache-control')).toBe('no-store');
    expect(parseHtml(made.body).text('h1')).toBe('Keep this recovery code');
    expect(made.body).toContain('It is shown only now.');
    const code = parseHtml(made.body).text('code.secret-code[data-copy]')!;
    expect(code).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){4}$/);
    const [row] = await app.db.query<Record<string, unknown>>('select * from recovery_codes where principal_id = $1', [ada.principal.id]);
    expect(JSON.stringify(row)).not.toContain(code.replace(/-/g, ''));

    // Reloading the code's page shows it no more and makes no other code: the account page instead.
    const reloaded = await viewAs(app, ada, '/account/recovery-code');
    expect([reloaded.status, reloaded.headers.get('location')]).toEqual([302, '/account']);
    expect(await app.db.query('select 1 from recovery_codes where principal_id = $1', [ada.principal.id])).toHaveLength(1);

    const after = await viewAs(app, ada, '/account');
    const afterPage = parseHtml(after.body);
    expect(afterPage.all('p > time').map((time) => time.previousSibling?.textContent)).toContain('You have a recovery code, created ');
    expect(afterPage.texts('button[type="submit"]')).toContain('Create a new recovery code');
    expect(after.body).not.toContain(code);
  });

  it('replaces the earlier code with a new one', async () => {
    const bo = await signUpPerson(app, 'Bo Replacer');
    const first = await makeCode(bo);
    const second = await makeCode(bo);
    expect(second).not.toBe(first);
    expect((await resetForm({ email: bo.principal.email, recovery_code: first, new_password: 'a brand new password' }, '198.51.100.2')).status).toBe(401);
    expect((await resetForm({ email: bo.principal.email, recovery_code: second, new_password: 'a brand new password' }, '198.51.100.2')).status).toBe(303);
  });

  it('mentions a code from support while it works', async () => {
    const cy = await signUpPerson(app, 'Cy Supported');
    await app.services.access.recovery.issueForSupport(cy.principal.email);
    const page = await viewAs(app, cy, '/account');
    expect(page.body).toContain('Support made a one-time code for you');
    app.clock.advance(61 * 60_000);
    expect((await viewAs(app, cy, '/account')).body).not.toContain('Support made a one-time code for you');
  });
});

describe('setting a new password with a recovery code', () => {
  it('is offered from the sign-in page, and the form asks for the e-mail, the code and a new password', async () => {
    const login = await app.request<string>('GET', '/login', { headers: HTML });
    expect(parseHtml(login.body).links()).toContainEqual({ href: '/auth/reset', text: 'Forgot your password?' });
    const form = await app.request<string>('GET', '/auth/reset', { headers: HTML });
    expect(form.status).toBe(200);
    const page = parseHtml(form.body);
    expect(page.text('h1')).toBe('Set a new password');
    for (const field of ['email', 'recovery_code', 'new_password']) expect(page.find(`[name="${field}"]`), field).toBeDefined();
    const newPassword = page.one('input[name="new_password"]');
    expect(newPassword.getAttribute('type')).toBe('password');
    expect(newPassword.getAttribute('minlength')).toBe('10');
    expect(page.links().map((link) => link.href)).toContain('/site-feedback');
  });

  it('sets the password, signs the person in with a word about it, and ends every earlier session', async () => {
    const dee = await signUpPerson(app, 'Dee Forgetful');
    const code = await makeCode(dee);
    const done = await resetForm({ email: dee.principal.email, recovery_code: code.toLowerCase(), new_password: 'my brand new password' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/account');
    const cookies = cookiesOf(done);
    expect(cookies.some((cookie) => cookie.startsWith('svc_session='))).toBe(true);

    const landing = await app.request<string>('GET', '/account', { headers: { ...HTML, cookie: cookies.join('; ') } });
    expect(landing.status).toBe(200);
    expect(landing.body).toContain('New password set, and you are signed in; every other session is signed out.');
    expect(landing.body).toContain('You have no recovery code yet.');

    // The session from before the reset is over; the new password signs in, the old one does not.
    const old = await viewAs(app, dee, '/account');
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe('/login?next=%2Faccount');
    await expect(app.services.access.accounts.login({ email: dee.principal.email, password: 'my brand new password' }, '192.0.2.9')).resolves.toBeTruthy();
    await expect(app.services.access.accounts.login({ email: dee.principal.email, password: 'correct horse battery' }, '192.0.2.9')).rejects.toMatchObject({
      code: 'invalid_credentials',
    });

    // Used up: the same code again is refused.
    const again = await resetForm({ email: dee.principal.email, recovery_code: code, new_password: 'another new password' });
    expect(again.status).toBe(401);
  });

  it('refuses a wrong code and an unknown e-mail alike, keeping what was typed but the password', async () => {
    const eve = await signUpPerson(app, 'Eve Mistyped');
    await makeCode(eve);
    const wrong = await resetForm({ email: eve.principal.email, recovery_code: 'ABCDE-FGHJK-MNPQR-STVWX-YZ012', new_password: 'a guessed password' }, '198.51.100.3');
    const unknown = await resetForm({ email: 'nobody@example.test', recovery_code: 'ABCDE-FGHJK-MNPQR-STVWX-YZ012', new_password: 'a guessed password' }, '198.51.100.3');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      const refusal = parseHtml(res.body).one('p.form-error[role="alert"][tabindex="-1"][autofocus]');
      expect(refusal.textContent).toBe(REFUSED);
      expect(res.body).toContain('value="ABCDE-FGHJK-MNPQR-STVWX-YZ012"');
      expect(res.body).not.toContain('value="a guessed password"');
      expect(res.headers.getSetCookie().some((cookie) => cookie.startsWith('svc_session='))).toBe(false);
    }
    expect(wrong.body).toContain(`value="${eve.principal.email}"`);
    await expect(app.services.access.accounts.login({ email: eve.principal.email, password: 'correct horse battery' }, '192.0.2.9')).resolves.toBeTruthy();
  });

  it('asks for a new password as sign-up does, beside its field', async () => {
    const fay = await signUpPerson(app, 'Fay Short');
    const code = await makeCode(fay);
    const res = await resetForm({ email: fay.principal.email, recovery_code: code, new_password: 'short' }, '198.51.100.4');
    expect(res.status).toBe(400);
    expect(fieldError(res.body, 'new_password')).toBe('New password must be at least 10 characters long.');
    // Nothing was used: the code still sets a good password.
    expect((await resetForm({ email: fay.principal.email, recovery_code: code, new_password: 'a long enough password' }, '198.51.100.4')).status).toBe(303);
  });

  it('answers 429 with Retry-After past the sign-in failure limit, even for the right code', async () => {
    const gus = await signUpPerson(app, 'Gus Guessed');
    const code = await makeCode(gus);
    const address = '203.0.113.44';
    for (let i = 0; i < 10; i++) {
      const guess = await resetForm({ email: gus.principal.email, recovery_code: `GUESS-${String(i).padStart(5, '0')}`, new_password: 'a guessed password' }, address);
      expect(guess.status).toBe(401);
    }
    const refused = await resetForm({ email: gus.principal.email, recovery_code: code, new_password: 'a brand new password' }, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toContain('Too many failed sign-ins and password resets from this address.');
    // The owner, from an address that has not been failing, gets in.
    expect((await resetForm({ email: gus.principal.email, recovery_code: code, new_password: 'a brand new password' }, '198.51.100.5')).status).toBe(303);
  });

  it('answers scripts in JSON, with the session cookie', async () => {
    const hal = await signUpPerson(app, 'Hal Script');
    const code = await makeCode(hal);
    const res = await app.request('POST', '/auth/reset', {
      body: { email: hal.principal.email, recovery_code: code, new_password: 'set by a script' },
      headers: { 'x-forwarded-for': '198.51.100.6' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ principal_id: hal.principal.id, display_name: 'Hal Script', sessions_ended: 1 });
    expect(cookiesOf(res).some((cookie) => cookie.startsWith('svc_session='))).toBe(true);
    const refused = await app.request('POST', '/auth/reset', {
      body: { email: hal.principal.email, recovery_code: code, new_password: 'set by a script' },
      headers: { 'x-forwarded-for': '198.51.100.6' },
    });
    expect(refused).toMatchObject({ status: 401, body: { error: 'invalid_credentials', message: REFUSED } });
  });
});

describe('sign-up', () => {
  it('says on the first page that the account is created, and where to make a recovery code', async () => {
    const form = await app.request<string>('GET', '/signup', { headers: HTML });
    const token = parseHtml(form.body).csrf();
    const res = await app.request<string>('POST', '/auth/signup', {
      headers: { ...FORM, cookie: cookiesOf(form).join('; '), 'x-forwarded-for': '198.51.100.7' },
      rawBody: new URLSearchParams({ _csrf: token, display_name: 'Ivy New', email: 'ivy@example.test', password: 'a long enough password', next: '' }).toString(),
    });
    expect(res.status).toBe(303);
    const next = await app.request<string>('GET', res.headers.get('location')!, { headers: { ...HTML, cookie: cookiesOf(res).join('; ') } });
    expect(next.body).toContain('Your account is created and you are signed in as Ivy New. Keep a recovery code in case you forget your password: create one on your account page.');
    expect(next.body).toContain('Create a recovery code');
  });
});
