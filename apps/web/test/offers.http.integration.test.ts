import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relateToOffer, signUpOffersCast, type OffersCast, type TestApp } from '@svc/runtime/testing';
import { HTML, postBrowserForm, startWebTestApp } from './app.ts';
import { parseHtml, visibleText } from './html.ts';

/** The offers pages, feedback, reports, site feedback, support pages, the journal and the examples, served by the website alone. */

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

const offerInput = { title: 'Children’s party planning', role: 'planner', industry: 'events', contact_url: 'https://planner.example/contact', capabilities: ['Running orders'] };

describe('offer list and page', () => {
  it('lists active offers, searches them, and shows a paused one only under status=paused', async () => {
    const active = await app.services.offers.create(actors.pat, { ...offerInput, title: 'Balloon modelling for parties', industry: 'web-list' });
    const paused = await app.services.offers.create(actors.pat, { ...offerInput, title: 'Paused face painting', industry: 'web-list' });
    await app.services.offers.pause(actors.pat, paused.id);
    const list = await get('/services?industry=web-list');
    expect(list.status).toBe(200);
    expect(list.body).toContain('Balloon modelling for parties');
    expect(list.body).not.toContain('Paused face painting');
    expect((await get('/services?q=balloon')).body).toContain(`/services/${active.id}`);
    const pausedList = await get('/services?industry=web-list&status=paused');
    expect(pausedList.body).toContain('Paused face painting');
    const bad = await get('/services?role=!!!');
    expect(bad.status).toBe(400);
    expect(parseHtml(bad.body).text('p.form-error')).toBe('Role can hold letters, numbers, spaces and hyphens, such as “Party planner”.');
  });

  it('finds offers by role and industry as a person types them, as the offer form saves them, and keeps the words in the boxes', async () => {
    const offer = await app.services.offers.create(actors.pat, { ...offerInput, title: 'Borders and beds', role: 'garden-designer', industry: 'home-garden' });
    const res = await get(`/services?${new URLSearchParams({ role: 'Garden Designer', industry: 'Home & Garden' })}`);
    expect(res.status).toBe(200);
    const page = parseHtml(res.body);
    expect(page.links('main').map((link) => link.href)).toContain(`/services/${offer.id}`);
    expect(page.field('role').value).toBe('Garden Designer');
    expect(page.field('industry').value).toBe('Home & Garden');
    expect(page.find('p.form-error')).toBeUndefined();
    // The count says what narrowed it, as the person typed it.
    expect(page.text('main p[role="status"]')).toBe('1 offer, role Garden Designer, industry Home & Garden');
  });

  it('shows the contact link of an active offer and hides it while paused, for the provider too', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    const page = await get(`/services/${offer.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('href="https://planner.example/contact"');
    expect(page.body).toContain(`/reports/new?target_kind=service&amp;target_id=${offer.id}`);
    await app.services.offers.pause(actors.pat, offer.id);
    for (const session of [undefined, people.pat.session]) {
      const paused = await get(`/services/${offer.id}`, session);
      expect(paused.body).not.toContain('planner.example/contact');
      expect(paused.body).toContain('contact link is hidden');
    }
    const json = await app.request('GET', `/services/${offer.id}?format=json`);
    expect(json.body).toMatchObject({ id: offer.id, status: 'paused', contact_url: null });
  });

  it('answers the API’s 404 for an unknown offer and 410 for a removed one', async () => {
    expect((await get('/services/svc_unknown')).status).toBe(404);
    const offer = await app.services.offers.create(actors.pat, offerInput);
    await app.services.offers.remove(actors.pat, offer.id);
    const gone = await get(`/services/${offer.id}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toContain('removed');
  });
});

describe('feedback on the offer page', () => {
  it('shows private feedback only to its author and the provider; hidden feedback to author, provider and support', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    await relateToOffer(app, actors.pat, actors.otto, offer.id);
    await app.services.feedback.leave(actors.cleo, offer.id, { needs_met: 'partly', comment: 'Cleo private words' });
    const published = await app.services.feedback.leave(actors.otto, offer.id, { needs_met: 'yes', comment: 'Otto public words', published: true });
    const anonymous = await get(`/services/${offer.id}`);
    expect(anonymous.body).toContain('Otto public words');
    expect(anonymous.body).not.toContain('Cleo private words');
    expect((await get(`/services/${offer.id}`, people.otto.session)).body).not.toContain('Cleo private words');
    expect((await get(`/services/${offer.id}`, people.cleo.session)).body).toContain('Cleo private words');
    const provider = await get(`/services/${offer.id}`, people.pat.session);
    expect(provider.body).toContain('Cleo private words');
    expect(provider.body).toContain('Reply to Cleo Client');

    await app.services.feedback.hide(actors.sam, published.id, { reason: 'Names a child' });
    expect((await get(`/services/${offer.id}`)).body).not.toContain('Otto public words');
    expect((await get(`/services/${offer.id}`, people.cleo.session)).body).not.toContain('Otto public words');
    for (const session of [people.otto.session, people.pat.session, people.sam.session]) {
      const page = await get(`/services/${offer.id}`, session);
      expect(page.body).toContain('Otto public words');
      expect(page.body).toContain('Hidden by support: Names a child');
    }
    // Its author may not remove it while hidden (it would come back shown as a new item): no Remove.
    const authorsLinks = parseHtml((await get(`/services/${offer.id}`, people.otto.session)).body).links('main');
    expect(authorsLinks.map((link) => link.href)).not.toContain(`/feedback/${published.id}/remove`);
  });

  it('leaves feedback from the form as a related person, publishes it, and the provider replies once', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const left = await postForm(`/services/${offer.id}/feedback`, { needs_met: 'yes', comment: 'Form feedback words', published: 'false', capability: '' }, people.cleo.session);
    expect(left.status).toBe(303);
    const [item] = (await app.services.feedback.list(actors.cleo, offer.id)).feedback;
    expect(item).toMatchObject({ comment: 'Form feedback words', published: false });
    const published = await postForm(`/feedback/${item!.id}/publish`, { expected_version: '1', published: 'true' }, people.cleo.session);
    expect(published.status, published.body).toBe(303);
    expect((await get(`/services/${offer.id}`)).body).toContain('Form feedback words');
    expect((await postForm(`/feedback/${item!.id}/reply`, { reply_text: 'Provider reply words' }, people.pat.session)).status).toBe(303);
    expect((await get(`/services/${offer.id}`)).body).toContain('Provider reply words');
    const again = await postForm(`/feedback/${item!.id}/reply`, { reply_text: 'Second reply' }, people.pat.session);
    expect(again.status).toBe(409);
    expect(again.body).toContain('invalid_state');
    // From the offer's page (a second tab), the reply typed there is kept on the page, not lost.
    const kept = await postForm(`/feedback/${item!.id}/reply`, { reply_text: 'Second reply', offer: offer.id }, people.pat.session);
    expect(kept.status).toBe(409);
    const unsent = parseHtml(kept.body).one(`li[id="${item!.id}"] section.conflict`);
    expect(unsent.getAttribute('role')).toBe('alert');
    expect(visibleText(unsent)).toContain('Your reply was not sent');
    expect(visibleText(unsent)).toContain('This feedback already has a reply (perhaps sent from another tab)');
    expect(unsent.querySelector('blockquote')?.textContent).toBe('Second reply');
    expect(kept.body).toContain('Provider reply words');
  });

  it('starts “Were your needs met?” and a report’s “What is wrong?” on no answer, and refuses a form sent without one beside its field', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const chosen = (html: string, name: string) => parseHtml(html).all(`select[name="${name}"] option`).filter((option) => option.hasAttribute('selected')).map((option) => [option.getAttribute('value'), option.textContent]);
    expect(chosen((await get(`/services/${offer.id}`, people.cleo.session)).body, 'needs_met')).toEqual([['', 'Choose one']]);
    expect(chosen((await get(`/reports/new?target_kind=service&target_id=${offer.id}`)).body, 'reason')).toEqual([['', 'Choose one']]);
    // A browser with form checks asks for an answer itself.
    expect(parseHtml((await get(`/services/${offer.id}`, people.cleo.session)).body).field('needs_met').control.hasAttribute('required')).toBe(true);
    expect(parseHtml((await get(`/reports/new?target_kind=service&target_id=${offer.id}`)).body).field('reason').control.hasAttribute('required')).toBe(true);
    // A browser without form checks sends the form as it is: nothing chosen.
    const feedback = await postForm(`/services/${offer.id}/feedback`, { comment: 'Kept words', published: 'false', capability: '' }, people.cleo.session);
    expect(feedback.status).toBe(400);
    expect(parseHtml(feedback.body).field('needs_met').error).toBe('Choose an answer for “Were your needs met?”.');
    expect(parseHtml(feedback.body).field('comment').value).toBe('Kept words');
    expect((await app.services.feedback.list(actors.cleo, offer.id)).feedback).toEqual([]);
    const report = await postForm('/reports', { target_kind: 'service', target_id: offer.id, details: 'Kept details' });
    expect(report.status).toBe(400);
    expect(parseHtml(report.body).field('reason').error).toBe('Choose an answer for “What is wrong?”.');
    expect(parseHtml(report.body).field('details').value).toBe('Kept details');
    expect((await app.services.reports.listReports(actors.sam, { limit: '100' })).reports.filter((r) => r.target_id === offer.id)).toEqual([]);
    // An answer the menu does not offer (a hand-made request) is asked to be one of those it does.
    const madeUp = await postForm(`/services/${offer.id}/feedback`, { needs_met: 'maybe', comment: '', published: 'false', capability: '' }, people.cleo.session);
    expect(madeUp.status).toBe(400);
    expect(parseHtml(madeUp.body).field('needs_met').error).toBe('For “Were your needs met?”, choose one of the answers offered.');
  });

  it('takes links on the form that leaves feedback, as the edit form does, and offers its author no Report of their own item', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const form = parseHtml((await get(`/services/${offer.id}`, people.cleo.session)).body);
    expect(form.field('source_links').control.tagName.toLowerCase()).toBe('textarea');
    const fields = { needs_met: 'yes', comment: 'Lovely party.', published: 'true', capability: '' };
    const insecure = await postForm(`/services/${offer.id}/feedback`, { ...fields, source_links: 'http://photos.example/party' }, people.cleo.session);
    expect(insecure.status).toBe(400);
    const refused = parseHtml(insecure.body).field('source_links');
    expect(refused.value).toBe('http://photos.example/party');
    expect(refused.error).toContain('https://');
    const left = await postForm(`/services/${offer.id}/feedback`, { ...fields, source_links: 'https://photos.example/party\r\n\r\nhttps://blog.example/review' }, people.cleo.session);
    expect(left.status).toBe(303);
    const [item] = (await app.services.feedback.list(actors.cleo, offer.id)).feedback;
    expect(item!.source_links).toEqual(['https://photos.example/party', 'https://blog.example/review']);
    const report = `/reports/new?target_kind=feedback&target_id=${item!.id}`;
    const hrefs = async (session?: string) => parseHtml((await get(`/services/${offer.id}`, session)).body).links('main').map((link) => link.href);
    expect(await hrefs(people.cleo.session)).not.toContain(report);
    expect(await hrefs(people.cleo.session)).toContain(`/feedback/${item!.id}/edit`);
    expect(await hrefs(people.otto.session)).toContain(report);
    expect(await hrefs()).toContain(report);
  });

  it('shows a feedback comment or a reply refused for what it says again on the offer page, as typed, with the reason beside it', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const left = await postForm(`/services/${offer.id}/feedback`, { needs_met: 'yes', comment: 'Lovely party. Call 07700 900123', published: 'false', capability: '' }, people.cleo.session);
    expect(left.status).toBe(422);
    const leftPage = parseHtml(left.body);
    expect(leftPage.text('h1')).toBe(offer.title);
    expect(leftPage.one('textarea[name="comment"]')!.textContent).toBe('Lovely party. Call 07700 900123');
    expect(leftPage.text('main')).toContain('phone number');
    expect((await app.services.feedback.list(actors.pat, offer.id)).feedback).toEqual([]);

    const item = await app.services.feedback.leave(actors.cleo, offer.id, { needs_met: 'yes', comment: 'Lovely party.' });
    const reply = await postForm(`/feedback/${item.id}/reply`, { reply_text: 'Thanks! Ring me at 07700 900123', offer: offer.id }, people.pat.session);
    expect(reply.status).toBe(422);
    const replyPage = parseHtml(reply.body);
    expect(replyPage.text('h1')).toBe(offer.title);
    const box = replyPage.one(`#f-reply-${item.id}-reply_text`)!;
    expect(box.textContent).toBe('Thanks! Ring me at 07700 900123');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(visibleText(replyPage.one(`#f-reply-${item.id}-reply_text-error`)!)).toBe('Take out the phone number from “Your reply”: contact happens in private threads, not here.');
    // As every refused form: a summary at its top, linking to the field.
    expect(replyPage.links('.reply-form .error-summary')).toEqual([{ href: `#f-reply-${item.id}-reply_text`, text: expect.stringContaining('phone number') }]);
    expect((await app.services.feedback.list(actors.pat, offer.id)).feedback[0]!.reply).toBeNull();
  });

  it('leads a feedback form’s address opened again (reply, publish) to the item on its offer page, for those who may see it', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const item = await app.services.feedback.leave(actors.cleo, offer.id, { needs_met: 'yes', comment: 'Private for now' });
    for (const [form, session] of [
      ['reply', people.pat.session],
      ['publish', people.cleo.session],
    ] as const) {
      const again = await get(`/feedback/${item.id}/${form}`, session);
      expect([again.status, again.headers.get('location')]).toEqual([302, `/services/${offer.id}#${item.id}`]);
    }
    // Private feedback is no one else's to find, and a visitor signs in first.
    expect((await get(`/feedback/${item.id}/reply`, people.otto.session)).status).toBe(404);
    expect((await get(`/feedback/${item.id}/reply`)).headers.get('location')).toBe(`/login?next=${encodeURIComponent(`/feedback/${item.id}/reply`)}`);
  });

  it('asks before removing one’s feedback, on a page of its own; only the author has it', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const item = await app.services.feedback.leave(actors.cleo, offer.id, { needs_met: 'yes', comment: 'Kept until asked' });
    const links = parseHtml((await get(`/services/${offer.id}`, people.cleo.session)).body).links('main');
    expect(links).toContainEqual({ href: `/feedback/${item.id}/remove`, text: 'Remove…' });
    const ask = await get(`/feedback/${item.id}/remove`, people.cleo.session);
    expect(ask.status).toBe(200);
    expect(parseHtml(ask.body).text('h1')).toBe('Remove your feedback?');
    expect((await app.services.feedback.list(actors.cleo, offer.id)).feedback).toHaveLength(1);
    expect((await get(`/feedback/${item.id}/remove`, people.pat.session)).status).toBe(403);
    expect((await get(`/feedback/${item.id}/remove`, people.otto.session)).status).toBe(404);
    const removed = await postForm(`/feedback/${item.id}/remove`, {}, people.cleo.session);
    expect(removed.status).toBe(303);
    expect((await app.services.feedback.list(actors.cleo, offer.id)).feedback).toEqual([]);
  });

  it('re-renders the form with the reason for someone who is not related (403 not_related)', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    const res = await postForm(`/services/${offer.id}/feedback`, { needs_met: 'no', comment: 'Kept words', published: 'false' }, people.otto.session);
    expect(res.status).toBe(403);
    expect(res.body).toContain('shares a thread with the provider');
    expect(res.body).toContain('Kept words');
  });

  it('pages the feedback, 20 items a page, newest first, with no count', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const first = await app.services.feedback.leave(actors.cleo, offer.id, { needs_met: 'yes', comment: 'Oldest words', published: true });
    // 20 more published items by other people, each a second newer than the last.
    await app.db.query(
      `insert into offer_feedback (id, offer_id, author_id, version, needs_met, comment, source_links, capability, published,
         hidden_at, hidden_reason, reply_text, reply_at, removed_at, created_at, updated_at)
       select id || '_' || n, offer_id, 'prn_page_' || n, 1, needs_met, 'Page words ' || n, source_links, capability, true,
         null, null, null, null, null, created_at + n * interval '1 second', created_at + n * interval '1 second'
       from offer_feedback, generate_series(1, 20) as n where id = $1`,
      [first.id],
    );
    const page1 = await get(`/services/${offer.id}`);
    expect(page1.status).toBe(200);
    expect(parseHtml(page1.body).all('li.feedback-item')).toHaveLength(20);
    expect(page1.body).toContain('Page words 20');
    expect(page1.body).not.toContain('Oldest words');
    expect(page1.body).toContain(`href="/services/${offer.id}?offset=20#feedback-title" rel="next"`);
    expect(page1.body).not.toMatch(/Page 1 of/);
    const page2 = await get(`/services/${offer.id}?offset=20`);
    expect(parseHtml(page2.body).all('li.feedback-item')).toHaveLength(1);
    expect(page2.body).toContain('Oldest words');
    expect(page2.body).toContain(`href="/services/${offer.id}#feedback-title" rel="prev"`);
    expect(page2.body).not.toContain('rel="next"');
    // A short list shows no paging at all.
    const quiet = await app.services.offers.create(actors.pat, offerInput);
    expect((await get(`/services/${quiet.id}`)).body).not.toContain('class="pagination"');
  });
});

describe('my offers', () => {
  it('sends a signed-out visitor to sign in', async () => {
    const res = await get('/my/services');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?next=%2Fmy%2Fservices');
  });

  it('publishes from the form, lists active and paused offers, edits, pauses, resumes and removes', async () => {
    const refused = await postForm('/services/new', { title: 'Cake baking', role: '!!!', industry: 'food' }, people.pat.session);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('f-role-error');
    expect(refused.body).toContain('value="Cake baking"');
    const created = await postForm(
      '/services/new',
      { title: 'Cake baking', role: 'baker', industry: 'food', capabilities: 'Birthday cakes\nCupcakes', contact_url: 'https://cakes.example', tags: 'Cakes, children', templates: 'birthday-party' },
      people.pat.session,
    );
    expect(created.status).toBe(303);
    const id = created.headers.get('location')!.split('/')[2]!;
    const offer = await app.services.offers.get(id);
    expect(offer).toMatchObject({ title: 'Cake baking', capabilities: ['Birthday cakes', 'Cupcakes'], tags: ['cakes', 'children'], templates: ['birthday-party'] });

    expect((await postForm(`/services/${id}/pause`, {}, people.pat.session)).status).toBe(303);
    const mine = await get('/my/services', people.pat.session);
    expect(mine.body).toContain('Cake baking');
    expect(mine.body).toContain(`/services/${id}/resume`);
    // Editing a paused offer with the (hidden) link left empty keeps the stored link.
    const edit = await get(`/services/${id}/edit`, people.pat.session);
    expect(edit.body).toContain('leave the field empty to keep it');
    expect((await postForm(`/services/${id}/edit`, { expected_version: '2', title: 'Cake baking and icing', role: 'baker', industry: 'food', contact_url: '' }, people.pat.session)).status).toBe(303);
    expect((await postForm(`/services/${id}/resume`, {}, people.pat.session)).status).toBe(303);
    expect(await app.services.offers.get(id)).toMatchObject({ title: 'Cake baking and icing', contact_url: 'https://cakes.example', status: 'active', version: 4 });
    const stale = await postForm(`/services/${id}/edit`, { expected_version: '2', title: 'Stale', role: 'baker', industry: 'food' }, people.pat.session);
    expect(stale.status).toBe(409);
    expect(stale.body).toContain('Someone changed this offer while you were editing');
    // What saving again would replace, field by field, before the person decides.
    const rows = parseHtml(stale.body).all('section.conflict tbody tr').map((row) => [...row.querySelectorAll('td')].map((cell) => visibleText(cell)));
    expect(rows).toContainEqual(['Title', 'Cake baking and icing', 'Stale']);
    expect(rows.map(([field]) => field)).not.toContain('Role');
    expect((await postForm(`/services/${id}/remove`, {}, people.pat.session)).headers.get('location')).toBe('/my/services');
    expect((await get(`/services/${id}`)).status).toBe(410);
  });

  it('clears a paused offer’s hidden contact link when “Remove the contact link” is ticked', async () => {
    const offer = await app.services.offers.create(actors.pat, { ...offerInput, title: 'Paused with a link' });
    await app.services.offers.pause(actors.pat, offer.id);
    const edit = parseHtml((await get(`/services/${offer.id}/edit`, people.pat.session)).body);
    expect(edit.find('input[type="checkbox"][name="remove_contact_url"]')).toBeDefined();
    const saved = await postForm(
      `/services/${offer.id}/edit`,
      { expected_version: '2', title: offer.title, role: offer.role, industry: offer.industry, contact_url: '', remove_contact_url: 'on' },
      people.pat.session,
    );
    expect(saved.status).toBe(303);
    await app.services.offers.resume(actors.pat, offer.id);
    expect(await app.services.offers.get(offer.id)).toMatchObject({ status: 'active', contact_url: null });
    // An active offer shows its link in the field, so the box is not offered.
    expect(parseHtml((await get(`/services/${offer.id}/edit`, people.pat.session)).body).find('input[name="remove_contact_url"]')).toBeUndefined();
  });

  it('answers 403 not_owner to another person’s edit page and action', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    expect((await get(`/services/${offer.id}/edit`, people.otto.session)).status).toBe(403);
    expect((await postForm(`/services/${offer.id}/pause`, {}, people.otto.session)).status).toBe(403);
  });
});

describe('contact details in text that is not public', () => {
  it('says private feedback refuses them too, without calling it public; published feedback keeps the public words', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const fields = { needs_met: 'yes', comment: 'Lovely. Ring me on 07700 900123', capability: '' };
    const kept = parseHtml((await postForm(`/services/${offer.id}/feedback`, { ...fields, published: 'false' }, people.cleo.session)).body);
    expect(kept.text('.error-summary p')).toBe(
      'This stays private, but contact details are refused here too: people get in touch through private threads. Take out the contact details marked below. Nothing was saved.',
    );
    expect(kept.field('comment').error).toBe('Take out the phone number from “Comment”: contact happens in private threads, not here.');
    expect(kept.text('main')).not.toMatch(/Everything here is public|never in public text/);
    const published = parseHtml((await postForm(`/services/${offer.id}/feedback`, { ...fields, published: 'true' }, people.cleo.session)).body);
    expect(published.text('.error-summary p')).toBe('Everything here is public: take out the contact details marked below. Nothing was saved.');
  });

  it('says the same of a reply to private feedback', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const item = await app.services.feedback.leave(actors.cleo, offer.id, { needs_met: 'yes', comment: 'Just between us.' });
    const reply = await postForm(`/feedback/${item.id}/reply`, { reply_text: 'Thanks! Ring me at 07700 900123', offer: offer.id }, people.pat.session);
    expect(reply.status).toBe(422);
    expect(parseHtml(reply.body).text('.reply-form .error-summary p')).toMatch(/^This stays private, but contact details are refused here too/);
  });
});

describe('reports and site feedback', () => {
  it('lets an anonymous visitor report an offer from the form; support lists and resolves it', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    const form = await get(`/reports/new?target_kind=service&target_id=${offer.id}`);
    expect(form.status).toBe(200);
    const sent = await postForm('/reports', { target_kind: 'service', target_id: offer.id, reason: 'misleading', details: 'Web report details' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/services/${offer.id}`);
    const list = await get('/support/reports', people.sam.session);
    expect(list.status).toBe(200);
    expect(list.body).toContain('Web report details');
    const [report] = (await app.services.reports.listReports(actors.sam, { limit: '100' })).reports.filter((r) => r.target_id === offer.id);
    // A resolution of spaces alone is refused on the report's own card.
    const blank = await postForm(`/support/reports/${report!.id}/resolve`, { resolution: '   ' }, people.sam.session);
    expect(blank.status).toBe(400);
    expect(parseHtml(blank.body).field(`resolve-${report!.id}-resolution`).error).toBe('Enter a resolution.');
    expect((await postForm(`/support/reports/${report!.id}/resolve`, { resolution: 'Checked' }, people.sam.session)).status).toBe(303);
    expect((await get('/support/reports?status=resolved', people.sam.session)).body).toContain('Resolved: Checked');
  });

  it('answers 404 on report pages for targets that are not public, and on support pages for everyone but support', async () => {
    const sent = await postForm('/reports', { target_kind: 'service', target_id: 'svc_unknown', reason: 'spam' });
    expect(sent.status).toBe(404);
    for (const path of ['/support/reports', '/support/feedback', '/support/site-feedback']) {
      expect((await get(path)).status).toBe(404);
      expect((await get(path, people.pat.session)).status).toBe(404);
      expect((await get(path, people.sam.session)).status).toBe(200);
    }
  });

  it('hides and unhides feedback from the support pages', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const item = await app.services.feedback.leave(actors.cleo, offer.id, { needs_met: 'no', comment: 'To be hidden', published: true });
    expect((await get(`/services/${offer.id}`, people.sam.session)).body).toContain(`/support/feedback/${item.id}/hide`);
    expect((await postForm(`/support/feedback/${item.id}/hide`, { hide_reason: 'Support reason words' }, people.sam.session)).status).toBe(303);
    expect((await get(`/services/${offer.id}`)).body).not.toContain('To be hidden');
    const hidden = await get('/support/feedback', people.sam.session);
    expect(hidden.body).toContain('Support reason words');
    expect((await postForm(`/support/feedback/${item.id}/unhide`, {}, people.pat.session)).status).toBe(404);
    expect((await postForm(`/support/feedback/${item.id}/unhide`, {}, people.sam.session)).status).toBe(303);
    expect((await get(`/services/${offer.id}`)).body).toContain('To be hidden');
  });

  it('sends site feedback from the form, signed in or not; support reads it', async () => {
    expect((await get('/site-feedback')).status).toBe(200);
    expect((await postForm('/site-feedback', { kind: 'capability_request', message: 'Anonymous wish words', contact_ok: 'false' })).status).toBe(303);
    expect((await postForm('/site-feedback', { kind: 'feedback', message: 'Signed-in words', contact_ok: 'true' }, people.cleo.session)).status).toBe(303);
    const refused = await postForm('/site-feedback', { kind: 'feedback', message: ' ' });
    expect(refused.status).toBe(400);
    const list = await get('/support/site-feedback', people.sam.session);
    expect(list.body).toContain('Anonymous wish words');
    expect(list.body).toContain('Signed-in words');
    expect(list.body).toContain(`/principals/${people.cleo.id}`);
  });
});

describe('journal and examples', () => {
  it('serves the journal index, an entry as HTML and as Markdown, and 404 for an unknown entry', async () => {
    expect((await get('/journal')).body).toContain('/journal/what-this-service-is');
    const entry = await get('/journal/what-this-service-is');
    expect(entry.status).toBe(200);
    expect(parseHtml(entry.body).texts('h2')).toContain('The rule: nothing here is an agreement');
    const md = await app.request<string>('GET', '/journal/what-this-service-is?format=md');
    expect(md.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(md.body).toMatch(/^# What this service is/);
    expect(md.body).toContain('## The rule: nothing here is an agreement');
    expect((await get('/journal/no-such-entry')).status).toBe(404);
  });

  it('serves the examples as HTML, Markdown and JSON, marked as demonstrations, never as jobs or offers', async () => {
    const html = await get('/examples');
    expect(html.status).toBe(200);
    expect(html.body).toContain('demonstrations');
    expect(html.body).toContain('birthday-party');
    const json = await app.request<{ notice: string; examples: { slug: string; kind: string }[] }>('GET', '/examples?format=json');
    expect(json.body.notice).toMatch(/not jobs or offers/);
    expect(json.body.examples.map((example) => example.kind)).toEqual(['job', 'service', 'directory_entry']);
    const md = await app.request<string>('GET', '/examples?format=md');
    expect(md.body).toMatch(/^# Examples/);
    // Nothing of the examples is stored as a job or an offer.
    const stored = await app.db.query<{ n: string }>("select count(*) as n from offers where title ilike '%party planning%' and provider_id not in ($1)", [people.pat.id]);
    expect(Number(stored[0]!.n)).toBe(0);
    expect(Number((await app.db.query<{ n: string }>('select count(*) as n from jobs'))[0]!.n)).toBe(0);
  });
});
