import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDomainError } from '@svc/kernel';
import { relateToOffer, signUpOffersCast, type OffersCast, type TestApp } from '@svc/runtime/testing';
import { flashOf, HTML, postBrowserForm, startWebTestApp } from './app.ts';
import { parseHtml, referenceOf, visibleText } from './html.ts';

/** The author edits their feedback on an offer from a form: who has the page, what it keeps, conflicts, hidden feedback. */

let app: TestApp;
let people: OffersCast['principals'];
let actors: OffersCast['actors'];

beforeAll(async () => {
  app = await startWebTestApp();
  ({ principals: people, actors } = await signUpOffersCast(app));
});
afterAll(() => app?.close());

const get = (path: string, session?: string) => app.request<string>('GET', path, { headers: HTML, ...(session ? { session } : {}) });
const postForm = (path: string, fields: Record<string, string>, session?: string) => postBrowserForm(app, path, fields, session);

const offerInput = { title: 'Garden party planning', role: 'planner', industry: 'events', contact_url: 'https://planner.example/contact', capabilities: ['Running orders', 'Shopping lists'] };

/** An offer of Pat's with Cleo's feedback on it (related through a thread). */
const feedbackOnOffer = async (fields: Record<string, unknown> = {}) => {
  const offer = await app.services.offers.create(actors.pat, offerInput);
  await relateToOffer(app, actors.pat, actors.cleo, offer.id);
  const item = await app.services.feedback.leave(actors.cleo, offer.id, { needs_met: 'partly', comment: 'Good plan, late list.', ...fields });
  return { offer, item };
};

/** The stored row, as the database holds it. */
const row = async (id: string) => {
  const [stored] = await app.db.query<{ version: number; needs_met: string; comment: string; source_links: string[]; capability: string | null; published: boolean; hidden_at: string | null }>(
    'select version, needs_met, comment, source_links, capability, published, hidden_at from offer_feedback where id = $1',
    [id],
  );
  return stored!;
};

/** The edit form as the author's browser would send it back: every field it shows, with its hidden ones. */
const formOf = async (id: string, session = people.cleo.session): Promise<Record<string, string>> => {
  const page = parseHtml((await get(`/feedback/${id}/edit`, session)).body);
  const form = page.one(`form[action="/feedback/${id}/edit"]`);
  const fields: Record<string, string> = { ...page.inputs(`form[action="/feedback/${id}/edit"]`) };
  for (const box of form.querySelectorAll('textarea')) fields[box.getAttribute('name')!] = box.textContent;
  for (const select of form.querySelectorAll('select')) fields[select.getAttribute('name')!] = (select.querySelector('option[selected]') ?? select.querySelector('option'))!.getAttribute('value')!;
  delete fields._csrf;
  return fields;
};

/** The code the service gives `actor` for an edit: what the API's PATCH answers. */
const serviceRefusal = async (actor: (typeof actors)[keyof typeof actors], id: string): Promise<string> => {
  try {
    await app.services.feedback.edit(actor, id, { expected_version: 1, comment: 'Not mine to change' });
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
  throw new Error('the edit was accepted');
};

describe('editing one’s feedback', () => {
  it('offers Edit to the author only, on the offer page, with a form holding the feedback as saved', async () => {
    const { offer, item } = await feedbackOnOffer({ capability: 'Shopping lists', source_links: ['https://photos.example/party'] });
    const edit = { href: `/feedback/${item.id}/edit`, text: 'Edit' };
    expect(parseHtml((await get(`/services/${offer.id}`, people.cleo.session)).body).links('main')).toContainEqual(edit);
    expect(parseHtml((await get(`/services/${offer.id}`, people.pat.session)).body).links('main')).not.toContainEqual(edit);

    const res = await get(`/feedback/${item.id}/edit`, people.cleo.session);
    expect(res.status).toBe(200);
    const page = parseHtml(res.body);
    expect(page.text('h1')).toBe('Edit your feedback on “Garden party planning”');
    expect(page.field('needs_met').value).toBe('partly');
    expect(page.field('capability').value).toBe('Shopping lists');
    expect(page.field('comment').value).toBe('Good plan, late list.');
    expect(page.field('source_links').value).toBe('https://photos.example/party');
    expect(page.field('published').value).toBe('false');
    expect(page.links(`form[action="/feedback/${item.id}/edit"]`)).toContainEqual({ href: `/services/${offer.id}#${item.id}`, text: 'Cancel' });
  });

  it('saves the edit and leads back to the feedback on its offer page with a confirmation', async () => {
    const { offer, item } = await feedbackOnOffer({ capability: 'Shopping lists' });
    const form = await formOf(item.id);
    const saved = await postForm(
      `/feedback/${item.id}/edit`,
      { ...form, needs_met: 'yes', capability: '', comment: 'Good plan.\r\nThe list came on time after all.', source_links: 'https://photos.example/a\r\n\r\nhttps://photos.example/b', published: 'true' },
      people.cleo.session,
    );
    expect([saved.status, saved.headers.get('location'), flashOf(saved)]).toEqual([303, `/services/${offer.id}#${item.id}`, 'Your feedback is saved.']);
    expect(await row(item.id)).toMatchObject({
      version: 2,
      needs_met: 'yes',
      capability: null,
      comment: 'Good plan.\nThe list came on time after all.',
      source_links: ['https://photos.example/a', 'https://photos.example/b'],
      published: true,
    });
    // Published now: a visitor reads the new words.
    const visitor = parseHtml((await get(`/services/${offer.id}`)).body);
    expect(visitor.text(`li[id="${item.id}"]`)).toContain('The list came on time after all.');
  });

  it('refuses everyone but the author as the API does: 403 not_owner to those who see the item, 404 to the rest', async () => {
    const { item } = await feedbackOnOffer();
    const published = await feedbackOnOffer({ published: true });
    for (const [who, id, code, status] of [
      ['pat', item.id, 'not_owner', 403],
      ['otto', item.id, 'not_found', 404],
      ['otto', published.item.id, 'not_owner', 403],
      ['sam', published.item.id, 'not_owner', 403],
    ] as const) {
      expect(await serviceRefusal(actors[who], id)).toBe(code);
      const page = await get(`/feedback/${id}/edit`, people[who].session);
      expect([page.status, referenceOf(page.body)]).toEqual([status, code]);
      const sent = await postForm(`/feedback/${id}/edit`, { expected_version: '1', needs_met: 'no', comment: 'Not mine to change', published: 'true' }, people[who].session);
      expect([sent.status, referenceOf(sent.body)]).toEqual([status, code]);
    }
    expect(await row(item.id)).toMatchObject({ version: 1, comment: 'Good plan, late list.', published: false });
    expect(await row(published.item.id)).toMatchObject({ version: 1, comment: 'Good plan, late list.' });
    expect((await get(`/feedback/${item.id}/edit`)).headers.get('location')).toBe(`/login?next=${encodeURIComponent(`/feedback/${item.id}/edit`)}`);
  });

  it('shows refused text again as typed, with the reason on the field, and saves nothing', async () => {
    const { item } = await feedbackOnOffer();
    const form = await formOf(item.id);
    const blocked = await postForm(`/feedback/${item.id}/edit`, { ...form, comment: 'Write to me at cleo@example.org' }, people.cleo.session);
    expect(blocked.status).toBe(422);
    const page = parseHtml(blocked.body);
    expect(page.field('comment').value).toBe('Write to me at cleo@example.org');
    // Private feedback is not called public.
    expect(page.field('comment').error).toBe('Take out the e-mail address from “Comment”: contact happens in private threads, not here.');
    expect(page.text('.error-summary p')).toMatch(/^This stays private, but contact details are refused here too/);

    const long = 'a'.repeat(2001);
    const tooLong = await postForm(`/feedback/${item.id}/edit`, { ...form, comment: long, source_links: 'http://photos.example/a', published: 'true' }, people.cleo.session);
    expect(tooLong.status).toBe(400);
    const refused = parseHtml(tooLong.body);
    expect(refused.field('comment').error).toBe('Comment can be at most 2000 characters long; shorten it.');
    expect(refused.field('comment').value).toBe(long);
    expect(refused.field('source_links').error).toBe('Links must be a secure web address starting with https://, such as https://example.org/contact.');
    expect(refused.field('published').value).toBe('true');
    expect(await row(item.id)).toMatchObject({ version: 1, comment: 'Good plan, late list.', source_links: [], published: false });
  });

  it('meets a change made meanwhile as the other edit forms do: the saved item with the person’s changes on top, and what differs', async () => {
    const { offer, item } = await feedbackOnOffer();
    const form = await formOf(item.id);
    // Meanwhile, in another tab, the author publishes it, and the provider replies.
    await app.services.feedback.edit(actors.cleo, item.id, { expected_version: 1, published: true });
    await app.services.feedback.reply(actors.pat, item.id, { text: 'Thank you, noted.' });
    const stale = await postForm(`/feedback/${item.id}/edit`, { ...form, needs_met: 'no', comment: 'The list never came.' }, people.cleo.session);
    expect(stale.status).toBe(409);
    const page = parseHtml(stale.body);
    expect(page.text('#conflict-title')).toBe('Someone changed this feedback while you were editing');
    const rows = page.all('section.conflict tbody tr').map((tr) => tr.querySelectorAll('td').map((cell) => visibleText(cell)));
    expect(rows).toEqual([
      ['Were your needs met?', 'Partly', 'No'],
      ['Comment', 'Good plan, late list.', 'The list never came.'],
    ]);
    // The form keeps the other change (published) and holds this person's own.
    expect([page.field('needs_met').value, page.field('comment').value, page.field('published').value]).toEqual(['no', 'The list never came.', 'true']);
    expect(page.text('main')).toContain('Pat Provider has replied to it.');
    expect(page.text(`form[action="/feedback/${item.id}/edit"] button[type="submit"]`)).toBe('Save my edit again');
    expect(await row(item.id)).toMatchObject({ version: 3, comment: 'Good plan, late list.' });

    const again = await postForm(`/feedback/${item.id}/edit`, { ...page.inputs(`form[action="/feedback/${item.id}/edit"]`), needs_met: 'no', comment: 'The list never came.', published: 'true', source_links: '' }, people.cleo.session);
    expect([again.status, again.headers.get('location')]).toEqual([303, `/services/${offer.id}#${item.id}`]);
    expect(await row(item.id)).toMatchObject({ version: 4, needs_met: 'no', comment: 'The list never came.', published: true });
  });

  it('keeps the version the form was drawn from when refusing what was typed, so a change made meanwhile is not undone', async () => {
    const { item } = await feedbackOnOffer();
    const form = await formOf(item.id);
    await app.services.feedback.edit(actors.cleo, item.id, { expected_version: 1, comment: 'Changed in another tab.' });
    const refused = await postForm(`/feedback/${item.id}/edit`, { ...form, needs_met: 'no', comment: 'Ring 07700 900123' }, people.cleo.session);
    expect(refused.status).toBe(422);
    const kept = parseHtml(refused.body).inputs(`form[action="/feedback/${item.id}/edit"]`);
    expect(kept.expected_version).toBe('1');
    const fixed = await postForm(`/feedback/${item.id}/edit`, { ...form, ...kept, needs_met: 'no', comment: 'No phone now.' }, people.cleo.session);
    expect(fixed.status).toBe(409);
    expect(await row(item.id)).toMatchObject({ version: 2, comment: 'Changed in another tab.' });
  });

  it('lets the author edit feedback support hid, says it stays hidden, and keeps it hidden', async () => {
    const { offer, item } = await feedbackOnOffer({ published: true });
    await app.services.feedback.hide(actors.sam, item.id, { reason: 'Names a child' });
    expect(parseHtml((await get(`/services/${offer.id}`, people.cleo.session)).body).links('main')).toContainEqual({ href: `/feedback/${item.id}/edit`, text: 'Edit' });
    const page = parseHtml((await get(`/feedback/${item.id}/edit`, people.cleo.session)).body);
    expect(page.text('.notice')).toBe(
      'Support hid this feedback because: Names a child. You may still edit it, but it stays hidden, seen only by you, Pat Provider and support, until support shows it again.',
    );
    const form = await formOf(item.id);
    const saved = await postForm(`/feedback/${item.id}/edit`, { ...form, comment: 'Good plan, late list. (Name taken out.)' }, people.cleo.session);
    expect(saved.status).toBe(303);
    expect(await row(item.id)).toMatchObject({ version: 3, comment: 'Good plan, late list. (Name taken out.)', published: true, hidden_at: expect.anything() });
    expect((await get(`/services/${offer.id}`)).body).not.toContain('Name taken out');
  });

  it('keeps a capability the offer no longer lists when the person leaves it as it was', async () => {
    const { offer, item } = await feedbackOnOffer({ capability: 'Shopping lists' });
    await app.services.offers.update(actors.pat, offer.id, { expected_version: 1, capabilities: ['Running orders'] });
    const form = await formOf(item.id);
    expect(form.capability).toBe('Shopping lists');
    const saved = await postForm(`/feedback/${item.id}/edit`, { ...form, comment: 'Still about the lists.' }, people.cleo.session);
    expect(saved.status).toBe(303);
    expect(await row(item.id)).toMatchObject({ version: 2, capability: 'Shopping lists', comment: 'Still about the lists.' });
  });

  it('answers 404 with a way on when the feedback was removed', async () => {
    const { item } = await feedbackOnOffer();
    await app.services.feedback.removeFeedback(actors.cleo, item.id);
    const gone = await get(`/feedback/${item.id}/edit`, people.cleo.session);
    expect(gone.status).toBe(404);
    const page = parseHtml(gone.body);
    expect(page.text('main')).toContain('If you removed this feedback, or its offer was removed, there is nothing left to edit.');
    expect(page.links('main')).toContainEqual({ href: '/services', text: 'Browse offers' });
  });
});
