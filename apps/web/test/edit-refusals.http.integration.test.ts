import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { signUpPerson, startWebTestApp, submitAs, viewAs, type Person } from './app.ts';
import { parseHtml } from './html.ts';

/**
 * An edit refused for what it says is checked before its version: the form shown again must keep the
 * version it was drawn from, so that a change someone made meanwhile still meets the person as a
 * conflict when they send it again, instead of being overwritten by fields they never touched.
 */

let app: TestApp;
let pat: Person;

beforeAll(async () => {
  app = await startWebTestApp();
  pat = await signUpPerson(app, 'Pat Poster');
});
afterAll(() => app?.close());

/** The edit form's fields as the page draws them (without the CSRF token, which submitAs adds). */
const formOn = async (path: string, action: string): Promise<Record<string, string>> => {
  const page = parseHtml((await viewAs(app, pat, path)).body);
  const form = page.one(`form[action="${action}"]`)!;
  const fields: Record<string, string> = {};
  for (const input of form.querySelectorAll('input[name], textarea[name], select[name]')) {
    const name = input.getAttribute('name')!;
    if (name === '_csrf') continue;
    if (input.tagName === 'SELECT') fields[name] = input.querySelector('option[selected]')?.getAttribute('value') ?? input.querySelector('option')?.getAttribute('value') ?? '';
    else if (input.tagName === 'TEXTAREA') fields[name] = input.textContent;
    else fields[name] = input.getAttribute('value') ?? '';
  }
  return fields;
};

/**
 * Where the page puts the focus: every element with `autofocus`, by its tag and role. A conflict marks
 * no field, so its message must take the focus, announced.
 */
const focused = (body: string) => parseHtml(body).all('[autofocus]').map((element) => `${element.tagName.toLowerCase()} ${element.getAttribute('role')} ${element.getAttribute('aria-labelledby')}`);

const versionShown = (body: string, action: string) => parseHtml(body).one(`form[action="${action}"] input[name="expected_version"]`)!.getAttribute('value');

describe('an edit refused for what it says', () => {
  it('keeps a job form at the version it was drawn from', async () => {
    const job = await app.services.jobs.create(pat.actor, { title: 'Paint a fence', outcome: 'A white fence' });
    const action = `/jobs/${job.id}/edit`;
    const drawn = await formOn(action, action);
    expect(drawn.expected_version).toBe('1');
    // Another tab changes the outcome meanwhile.
    await app.services.jobs.update(pat.actor, job.id, { expected_version: 1, outcome: 'A green fence' });
    const refused = await submitAs(app, pat, action, { ...drawn, title: 'Call +44 20 7946 0958' });
    expect(refused.status).toBe(422);
    expect(versionShown(refused.body, action)).toBe('1');
    const again = await submitAs(app, pat, action, { ...drawn, title: 'Paint the fence', expected_version: versionShown(refused.body, action)! });
    expect(again.status).toBe(409);
    expect(again.body).toContain('Someone changed this job while you were editing');
    expect(focused(again.body)).toEqual(['section alert conflict-title']);
    expect(await app.services.jobs.get(job.id)).toMatchObject({ version: 2, title: 'Paint a fence', outcome: 'A green fence' });
  });

  it('keeps an offer form at the version it was drawn from', async () => {
    const offer = await app.services.offers.create(pat.actor, { title: 'Fence painting', role: 'painter', industry: 'home', summary: 'White fences' });
    const action = `/services/${offer.id}/edit`;
    const drawn = await formOn(action, action);
    expect(drawn.expected_version).toBe('1');
    await app.services.offers.update(pat.actor, offer.id, { expected_version: 1, summary: 'Green fences' });
    const refused = await submitAs(app, pat, action, { ...drawn, title: 'Mail pat@example.org' });
    expect(refused.status).toBe(422);
    expect(versionShown(refused.body, action)).toBe('1');
    const again = await submitAs(app, pat, action, { ...drawn, title: 'Fence and gate painting', expected_version: versionShown(refused.body, action)! });
    expect(again.status).toBe(409);
    expect(again.body).toContain('Someone changed this offer while you were editing');
    expect(focused(again.body)).toEqual(['section alert conflict-title']);
    expect(await app.services.offers.get(offer.id)).toMatchObject({ version: 2, title: 'Fence painting', summary: 'Green fences' });
  });
});
