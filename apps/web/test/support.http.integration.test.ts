import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration } from '@svc/directory/testing';
import { relateToOffer, signUpOffersCast, type OffersCast, type TestApp } from '@svc/runtime/testing';
import { flashOf, HTML, postBrowserForm, startWebTestApp } from './app.ts';
import { parseHtml, visibleText } from './html.ts';

/**
 * The support pages as support reads them, the ways to them, and the report and site-feedback forms
 * as the people sending them read them: names and words, never ids or codes.
 */

let app: TestApp;
let people: OffersCast['principals'];
let actors: OffersCast['actors'];

beforeAll(async () => {
  app = await startWebTestApp();
  ({ principals: people, actors } = await signUpOffersCast(app));
});
afterAll(() => app?.close());

const get = (path: string, session?: string) => app.request<string>('GET', path, { headers: HTML, ...(session ? { session } : {}) });
const postForm = (path: string, fields: Record<string, string>, session?: string, formPage?: string) => postBrowserForm(app, path, fields, session, formPage);

const offerInput = { title: 'Treasure hunts for birthdays', role: 'planner', industry: 'events', contact_url: 'https://hunts.example/contact' };

/** A report of `kind` about `id`, as anyone sends it. */
const report = (kind: string, id: string, reason = 'misleading', details = '') =>
  app.services.reports.report({ target_kind: kind, target_id: id, reason, ...(details ? { details } : {}) }, `198.51.100.${Math.floor(Math.random() * 200)}`);

/** The card of one report on /support/reports. */
const reportCard = async (reportId: string) => {
  const page = parseHtml((await get('/support/reports', people.sam.session)).body);
  return { page, card: page.one(`li[id="${reportId}"]`) };
};

describe('the list of reports', () => {
  it('shows reported feedback’s own words beside the form that hides it, linking it on its offer’s page', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const item = await app.services.feedback.leave(actors.cleo, offer.id, { needs_met: 'no', comment: 'The clues were rude about my aunt.', published: true });
    const sent = await report('feedback', item.id, 'abusive');
    const { card } = await reportCard(sent.id);
    const text = visibleText(card);
    expect(card.querySelector('p.meta strong')?.text).toBe('Abusive or offensive');
    expect(text).toContain('about feedback from Cleo Client on Treasure hunts for birthdays');
    expect(text).toContain('The clues were rude about my aunt.');
    expect(text).toContain('Needs not met');
    expect(text).not.toContain(item.id);
    expect(card.querySelector('code')).toBeNull();
    expect(card.querySelectorAll('a').map((a) => [a.getAttribute('href'), visibleText(a)])).toContainEqual([`/services/${offer.id}#${item.id}`, offer.title]);
    expect(card.querySelector(`form[action="/support/feedback/${item.id}/hide"]`)).not.toBeNull();
  });

  it('names reported offers, jobs and directory entries by their titles, and the reason in words', async () => {
    const offer = await app.services.offers.create(actors.pat, { ...offerInput, title: 'Face painting at fetes' });
    const job = await app.services.jobs.create(actors.cleo, { title: 'Bake a dragon cake', outcome: 'A cake shaped like a dragon.' });
    const entry = await app.services.directory.register(actors.otto, registration({ display_name: 'Otto Organises' }));
    const aboutOffer = await report('service', offer.id, 'misleading');
    const aboutJob = await report('job', job.id, 'spam');
    const aboutEntry = await report('directory_entry', entry.address, 'personal-data');
    const { page } = await reportCard(aboutOffer.id);
    // The reason, then what it is about, each a part of the card's first line.
    const lineOf = (id: string) => page.one(`li[id="${id}"] p.meta`).childNodes.map((node) => node.text.replace(/\s+/g, ' ').trim()).filter(Boolean);
    expect(lineOf(aboutOffer.id).slice(0, 2)).toEqual(['Misleading or false', 'about the offer Face painting at fetes']);
    expect(lineOf(aboutJob.id).slice(0, 2)).toEqual(['Spam or advertising', 'about the job Bake a dragon cake']);
    expect(lineOf(aboutEntry.id).slice(0, 2)).toEqual(['Personal details that should not be public', `about the directory entry Otto Organises (${entry.address})`]);
    const textOf = (id: string) => visibleText(page.one(`li[id="${id}"]`));
    expect(page.links(`li[id="${aboutOffer.id}"]`)).toContainEqual({ href: `/services/${offer.id}`, text: 'Face painting at fetes' });
    expect(page.links(`li[id="${aboutJob.id}"]`)).toContainEqual({ href: `/jobs/${job.id}`, text: 'Bake a dragon cake' });
    expect(page.links(`li[id="${aboutEntry.id}"]`)).toContainEqual({ href: `/directory/${entry.address}`, text: 'Otto Organises' });
    for (const id of [aboutOffer.id, aboutJob.id]) expect(textOf(id)).not.toMatch(/svc_|job_|about a offer/);
  });

  it('says in words when what was reported has gone: a removed offer, feedback made private', async () => {
    const offer = await app.services.offers.create(actors.pat, { ...offerInput, title: 'Soon removed' });
    const aboutOffer = await report('service', offer.id);
    await app.services.offers.remove(actors.pat, offer.id);
    const other = await app.services.offers.create(actors.pat, { ...offerInput, title: 'Kept offer' });
    await relateToOffer(app, actors.pat, actors.cleo, other.id);
    const item = await app.services.feedback.leave(actors.cleo, other.id, { needs_met: 'yes', comment: 'Soon private', published: true });
    const aboutFeedback = await report('feedback', item.id);
    await app.services.feedback.edit(actors.cleo, item.id, { expected_version: item.version, published: false });
    const { page } = await reportCard(aboutOffer.id);
    expect(visibleText(page.one(`li[id="${aboutOffer.id}"]`))).toContain('about an offer that its provider removed');
    const feedbackCard = page.one(`li[id="${aboutFeedback.id}"]`);
    expect(visibleText(feedbackCard)).toContain('about feedback that is no longer public (its author removed it or made it private)');
    expect(feedbackCard.querySelector('form.hide-form')).toBeNull();
    expect(feedbackCard.querySelector('form.resolve-form')).not.toBeNull();
  });

  it('names the offer each hidden piece of feedback is on', async () => {
    const offer = await app.services.offers.create(actors.pat, { ...offerInput, title: 'Magic shows' });
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const item = await app.services.feedback.leave(actors.cleo, offer.id, { needs_met: 'no', comment: 'Hidden words', published: true });
    await app.services.feedback.hide(actors.sam, item.id, { reason: 'Names a child' });
    const page = parseHtml((await get('/support/feedback', people.sam.session)).body);
    const card = page.one(`li[id="${item.id}"]`);
    expect(visibleText(card)).toContain('on Magic shows');
    expect(visibleText(card)).not.toContain(offer.id);
    expect(page.links(`li[id="${item.id}"]`)).toContainEqual({ href: `/services/${offer.id}#${item.id}`, text: 'Magic shows' });
  });
});

describe('a support form refused for what was typed', () => {
  /** Published feedback on a new offer, and an open report about it. */
  const reportedFeedback = async (comment: string) => {
    const offer = await app.services.offers.create(actors.pat, { ...offerInput, title: `Offer for ${comment}` });
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const item = await app.services.feedback.leave(actors.cleo, offer.id, { needs_met: 'no', comment, published: true });
    return { offer, item, sent: await report('feedback', item.id, 'abusive') };
  };
  const isOpen = async (reportId: string) => (await app.services.reports.listReports(actors.sam, { limit: '100' })).reports.some((open) => open.id === reportId);

  it('comes back on the report’s card when hiding: the reason marked in its own words, nothing hidden or resolved', async () => {
    const { item, sent } = await reportedFeedback('Refused hide words');
    const res = await postForm(`/support/feedback/${item.id}/hide`, { report_id: sent.id, hide_reason: '   ' }, people.sam.session, '/support/reports');
    expect(res.status).toBe(400);
    const page = parseHtml(res.body);
    expect(page.text('h1')).toBe('Reports');
    const field = page.field(`hide-${sent.id}-hide_reason`);
    expect(field.error).toBe('Enter a reason for hiding this feedback.');
    expect(field.value).toBe('   ');
    expect(page.text(`li[id="${sent.id}"] .hide-form .error-summary`)).toContain('Please correct the marked fields. Nothing was saved.');
    expect(page.text('main')).not.toContain('validation_failed');
    expect((await app.services.feedback.get(actors.sam, item.id)).hidden).toBe(false);
    expect(await isOpen(sent.id)).toBe(true);
  });

  it('comes back on the report’s card when resolving, keeping the resolution as typed', async () => {
    const { sent } = await reportedFeedback('Refused resolve words');
    const blank = parseHtml((await postForm(`/support/reports/${sent.id}/resolve`, { resolution: '  ' }, people.sam.session, '/support/reports')).body);
    expect(blank.field(`resolve-${sent.id}-resolution`).error).toBe('Enter a resolution.');
    const long = `Checked with the provider. ${'x'.repeat(2000)}`;
    const res = await postForm(`/support/reports/${sent.id}/resolve`, { resolution: long }, people.sam.session, '/support/reports');
    expect(res.status).toBe(400);
    const field = parseHtml(res.body).field(`resolve-${sent.id}-resolution`);
    expect([field.error, field.value]).toEqual(['Resolution can be at most 2000 characters long; shorten it.', long]);
    expect(await isOpen(sent.id)).toBe(true);
  });

  it('comes back on the same page of reports it was sent from', async () => {
    // Reports list oldest first, ties by their random ids: a later time puts this one after the others.
    app.clock.advance(1_000);
    const { sent } = await reportedFeedback('Refused on a later page');
    const open = (await app.services.reports.listReports(actors.sam, { limit: '100' })).reports;
    // Reports sent by the tests before this one put it past the first.
    const offset = open.findIndex((item) => item.id === sent.id);
    expect(offset).toBeGreaterThan(0);
    const listed = parseHtml((await get(`/support/reports?offset=${offset}`, people.sam.session)).body);
    const action = listed.attr(`li[id="${sent.id}"] form.resolve-form`, 'action')!;
    expect(action).toBe(`/support/reports/${sent.id}/resolve?offset=${offset}`);
    const res = await postForm(action, { resolution: ' ' }, people.sam.session, '/support/reports');
    expect(parseHtml(res.body).field(`resolve-${sent.id}-resolution`).error).toBe('Enter a resolution.');
  });

  it('comes back on the offer’s page when hiding from there, the item’s reason marked', async () => {
    const { offer, item } = await reportedFeedback('Refused on the offer page');
    const res = await postForm(`/support/feedback/${item.id}/hide`, { service_id: offer.id, hide_reason: ' ' }, people.sam.session, `/services/${offer.id}`);
    expect(res.status).toBe(400);
    const page = parseHtml(res.body);
    expect(page.text('h1')).toBe(offer.title);
    const field = page.field(`hide-${item.id}-hide_reason`);
    expect([field.error, field.value]).toEqual(['Enter a reason for hiding this feedback.', ' ']);
    expect(page.text(`li[id="${item.id}"] label[for="f-hide-${item.id}-hide_reason"]`)).toBe('Reason for hiding (support)');
    expect((await app.services.feedback.get(actors.sam, item.id)).hidden).toBe(false);
  });
});

describe('the way to the support pages', () => {
  const SUPPORT_LINKS = [
    { href: '/support/reports', text: 'Reports' },
    { href: '/support/feedback', text: 'Hidden feedback' },
    { href: '/support/site-feedback', text: 'Site feedback' },
    { href: '/support/directory', text: 'Directory moderation' },
  ];

  it('gives support people a Support link in the menu and on their account page; nobody else', async () => {
    const own = parseHtml((await get('/account', people.sam.session)).body);
    expect(own.links('nav[aria-label="Main"]')).toContainEqual({ href: '/support/reports', text: 'Support' });
    expect(own.links('main').map((link) => link.href)).toContain('/support/reports');
    for (const session of [people.pat.session, undefined]) {
      const page = parseHtml((await get(session ? '/account' : '/', session)).body);
      expect(page.links().map((link) => link.href)).not.toContain('/support/reports');
    }
  });

  it('links every support page to every other, the directory page too, marking the one it is on', async () => {
    for (const { href } of SUPPORT_LINKS) {
      const page = parseHtml((await get(href, people.sam.session)).body);
      expect(page.links('nav[aria-label="Support pages"]'), href).toEqual(SUPPORT_LINKS);
      expect(page.attr('nav[aria-label="Support pages"] a[aria-current="page"]', 'href'), href).toBe(href);
      // The site's menu marks Support as the place.
      expect(page.attr('nav[aria-label="Main"] a[aria-current="page"]', 'href'), href).toBe('/support/reports');
    }
  });

  it('says what a suspension did in words, and that an address is not suspended, without versions or the service’s words', async () => {
    const entry = await app.services.directory.register(actors.otto, registration({ display_name: 'Otto Moderated' }));
    const suspend = await postForm('/support/directory/suspend', { address: entry.address, reason: 'Impersonation' }, people.sam.session, '/support/directory');
    expect([suspend.status, flashOf(suspend)]).toEqual([303, `${entry.address} is suspended.`]);
    const lifted = await postForm('/support/directory/unsuspend', { unsuspend_address: entry.address }, people.sam.session, '/support/directory');
    expect([lifted.status, flashOf(lifted)]).toEqual([303, `${entry.address} is no longer suspended.`]);
    const twice = await postForm('/support/directory/unsuspend', { unsuspend_address: entry.address }, people.sam.session, '/support/directory');
    expect(twice.status).toBe(409);
    const refused = parseHtml(twice.body);
    expect(refused.text('form[action="/support/directory/unsuspend"] .form-error')).toBe(`${entry.address} is not suspended.`);
    expect(refused.text('main')).not.toContain('cannot be changed by');
  });
});

describe('directory moderation', () => {
  /** The parts of a card's first line, each its own element (set apart by the style sheet). */
  const partsOf = (line: ReturnType<typeof parseHtml>['root']) => line.childNodes.map((node) => node.text.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const moderationPage = async (path = '/support/directory') => parseHtml((await get(path, people.sam.session)).body);
  const liftEverySuspension = async () => {
    for (const entry of (await app.services.moderation.suspended(actors.sam, { limit: '100' })).entries) await app.services.moderation.unsuspend(actors.sam, entry.address);
  };

  it('lists the addresses suspended now, each with its name, reason and the way to lift it; none says so', async () => {
    await liftEverySuspension();
    const none = await moderationPage();
    expect(none.text('section[aria-labelledby="suspended-title"]')).toBe('Suspended now No address is suspended.');
    const held = await app.services.directory.register(actors.otto, registration({ display_name: 'Otto Impostor' }));
    const other = await app.services.directory.register(actors.otto, registration({ display_name: 'Otto Spammer' }));
    await app.services.moderation.suspend(actors.sam, held.address, 'Pretends to be the council');
    await app.services.moderation.suspend(actors.sam, other.address, 'Sends spam');
    const page = await moderationPage();
    const list = page.one('section[aria-labelledby="suspended-title"]');
    expect(visibleText(list)).toContain('2 addresses are suspended.');
    const card = page.one(`section[aria-labelledby="suspended-title"] li[id="${held.address}"]`);
    expect(partsOf(card.querySelector('p.meta')!)).toEqual(['Otto Impostor', held.address]);
    expect(visibleText(card)).toContain('Suspended just now, because: Pretends to be the council Lift the suspension');
    const lift = card.querySelector('form')!;
    expect(lift.getAttribute('action')).toBe('/support/directory/unsuspend');
    expect(page.inputs(`section[aria-labelledby="suspended-title"] li[id="${held.address}"]`)).toMatchObject({ unsuspend_address: held.address });
    const lifted = await postForm('/support/directory/unsuspend', { unsuspend_address: held.address }, people.sam.session, '/support/directory');
    expect([lifted.status, flashOf(lifted)]).toEqual([303, `${held.address} is no longer suspended.`]);
    expect((await app.services.directory.manage(actors.otto, held.address)).suspended).toBe(false);
    const after = await moderationPage();
    expect(after.find(`li[id="${held.address}"]`)).toBeUndefined();
    expect(after.text('section[aria-labelledby="suspended-title"]')).toContain('1 address is suspended.');
  });

  it('names a reported entry nobody can look up by its address, linking where support acts on it', async () => {
    const held = await app.services.directory.register(actors.otto, registration({ display_name: 'Otto Held' }));
    const paused = await app.services.directory.register(actors.otto, registration({ display_name: 'Otto Resting' }));
    const aboutHeld = await report('directory_entry', held.address, 'misleading');
    const aboutPaused = await report('directory_entry', paused.address, 'spam');
    await app.services.moderation.suspend(actors.sam, held.address, 'Impersonation');
    await app.services.reports.resolveReport(actors.sam, aboutHeld.id, { resolution: 'Suspended' });
    await app.services.directory.pause(actors.otto, paused.address, { expected_version: paused.version });

    const resolved = parseHtml((await get('/support/reports?status=resolved', people.sam.session)).body);
    const heldCard = resolved.one(`li[id="${aboutHeld.id}"]`);
    expect(visibleText(heldCard.querySelector('p.meta')!)).toContain(`about the directory entry Otto Held (${held.address}), suspended: nobody can look it up now`);
    const heldLink = `/support/directory?address=${encodeURIComponent(held.address)}`;
    expect(resolved.links(`li[id="${aboutHeld.id}"]`)).toContainEqual({ href: heldLink, text: held.address });
    // There, the suspension and the way to lift it.
    const lookedUp = await moderationPage(heldLink);
    expect(partsOf(lookedUp.one('section.looked-up p.meta'))).toEqual(['Otto Held', held.address]);
    expect(lookedUp.text('section.looked-up')).toContain('Suspended just now, because: Impersonation Lift the suspension');
    expect(lookedUp.inputs('section.looked-up')).toMatchObject({ unsuspend_address: held.address });

    const open = parseHtml((await get('/support/reports', people.sam.session)).body);
    expect(visibleText(open.one(`li[id="${aboutPaused.id}"] p.meta`))).toContain(`about the directory entry Otto Resting (${paused.address}), paused by its owner: nobody can look it up now`);
    const pausedLink = `/support/directory?address=${encodeURIComponent(paused.address)}`;
    expect(open.links(`li[id="${aboutPaused.id}"]`)).toContainEqual({ href: pausedLink, text: paused.address });
    // Not suspended: its status, and the suspend form ready with its address.
    const toSuspend = await moderationPage(pausedLink);
    expect(toSuspend.text('section.looked-up')).toContain('Otto Resting');
    expect(toSuspend.text('section.looked-up')).toContain('Paused');
    expect(toSuspend.field('address').value).toBe(paused.address);
    expect((await moderationPage('/support/directory?address=aar:nobody-here')).text('section.looked-up')).toBe('aar:nobody-here No entry has this address.');
  });

  it('offers a reported entry anyone can look up a suspend form that resolves its report, refusing a blank reason on its card', async () => {
    const entry = await app.services.directory.register(actors.otto, registration({ display_name: 'Otto Council' }));
    const sent = await report('directory_entry', entry.address, 'misleading', 'Says it is the town council.');
    const { card } = await reportCard(sent.id);
    const form = card.querySelector('form.suspend-form')!;
    expect(form.getAttribute('action')).toBe('/support/directory/suspend');
    expect(visibleText(form.querySelector(`label[for="f-suspend-${sent.id}-suspend_reason"]`)!)).toBe('Suspend this address, because');
    expect(Object.fromEntries(form.querySelectorAll('input[type="hidden"]').map((input) => [input.getAttribute('name'), input.getAttribute('value')]))).toMatchObject({
      report_id: sent.id,
      address: entry.address,
    });

    const blank = await postForm('/support/directory/suspend', { report_id: sent.id, address: entry.address, suspend_reason: '   ' }, people.sam.session, '/support/reports');
    expect(blank.status).toBe(400);
    const refused = parseHtml(blank.body);
    expect(refused.text('h1')).toBe('Reports');
    const field = refused.field(`suspend-${sent.id}-suspend_reason`);
    expect([field.error, field.value]).toEqual(['Enter a reason for suspending this address.', '   ']);
    expect((await app.services.moderation.get(actors.sam, entry.address)).suspension).toBeNull();
    expect((await app.services.reports.listReports(actors.sam, { limit: '100' })).reports.map((open) => open.id)).toContain(sent.id);

    const done = await postForm('/support/directory/suspend', { report_id: sent.id, address: entry.address, suspend_reason: 'Pretends to be the council' }, people.sam.session, '/support/reports');
    expect([done.status, done.headers.get('location'), flashOf(done)]).toEqual([303, '/support/reports', `${entry.address} is suspended.`]);
    expect((await app.services.directory.manage(actors.otto, entry.address)).suspension?.reason).toBe('Pretends to be the council');
    const resolved = (await app.services.reports.listReports(actors.sam, { status: 'resolved', limit: '100' })).reports.find((item) => item.id === sent.id);
    expect(resolved?.resolution).toBe('Address suspended: Pretends to be the council');
    // Only a directory entry has an address to suspend.
    const job = await app.services.jobs.create(actors.cleo, { title: 'Paint a fence', outcome: 'A painted fence.' });
    const jobCard = (await reportCard((await report('job', job.id)).id)).card;
    expect([jobCard.querySelector('form.suspend-form'), jobCard.querySelector('form.resolve-form')?.tagName]).toEqual([null, 'FORM']);
  });
});

describe('reporting', () => {
  it('names what is reported in the heading and the page title, with the right article', async () => {
    const offer = await app.services.offers.create(actors.pat, { ...offerInput, title: 'Owl handling' });
    const page = parseHtml((await get(`/reports/new?target_kind=service&target_id=${offer.id}`)).body);
    expect(page.text('h1')).toBe('Report the offer “Owl handling”');
    expect(page.text('title')).toBe('Report the offer “Owl handling” · Task-and-Directory');
    const job = await app.services.jobs.create(actors.cleo, { title: 'Hire a bouncy castle', outcome: 'A castle on the day.' });
    expect(parseHtml((await get(`/reports/new?target_kind=job&target_id=${job.id}`)).body).text('h1')).toBe('Report the job “Hire a bouncy castle”');
  });

  it('sends someone who reported feedback back to it on its offer’s page, and one who reported an entry to the entry', async () => {
    const offer = await app.services.offers.create(actors.pat, { ...offerInput, title: 'Puppet theatre' });
    await relateToOffer(app, actors.pat, actors.cleo, offer.id);
    const item = await app.services.feedback.leave(actors.cleo, offer.id, { needs_met: 'partly', comment: 'Loud but fun.', published: true });
    const form = parseHtml((await get(`/reports/new?target_kind=feedback&target_id=${item.id}`)).body);
    expect(form.text('h1')).toBe('Report Cleo Client’s feedback on “Puppet theatre”');
    expect(form.text('main')).toContain('Loud but fun.');
    const sent = await postForm('/reports', { target_kind: 'feedback', target_id: item.id, reason: 'spam' });
    expect([sent.status, sent.headers.get('location')]).toEqual([303, `/services/${offer.id}#${item.id}`]);

    const entry = await app.services.directory.register(actors.otto, registration({ display_name: 'Otto Reported' }));
    const entryForm = parseHtml((await get(`/reports/new?target_kind=directory_entry&target_id=${entry.address}`)).body);
    expect(entryForm.text('h1')).toBe('Report the directory entry “Otto Reported”');
    const aboutEntry = await postForm('/reports', { target_kind: 'directory_entry', target_id: entry.address, reason: 'spam' });
    expect([aboutEntry.status, aboutEntry.headers.get('location')]).toEqual([303, `/directory/${entry.address}`]);
  });

  it('offers the report link on an offer to everyone but its provider', async () => {
    const offer = await app.services.offers.create(actors.pat, offerInput);
    const reportHref = `/reports/new?target_kind=service&target_id=${offer.id}`;
    const hrefs = async (session?: string) => parseHtml((await get(`/services/${offer.id}`, session)).body).links('main').map((link) => link.href);
    expect(await hrefs(people.pat.session)).not.toContain(reportHref);
    expect(await hrefs(people.otto.session)).toContain(reportHref);
    expect(await hrefs()).toContain(reportHref);
  });

  it('offers a report link on a directory entry’s page to everyone but its owner, and only for an entry anyone may read', async () => {
    const entry = await app.services.directory.register(actors.otto, registration({ display_name: 'Otto Listed' }));
    const reportHref = `/reports/new?target_kind=directory_entry&target_id=${encodeURIComponent(entry.address)}`;
    const links = async (address: string, session?: string) => parseHtml((await get(`/directory/${address}`, session)).body).links('main');
    expect(await links(entry.address)).toContainEqual({ href: reportHref, text: 'Report this entry' });
    expect((await links(entry.address, people.pat.session)).map((link) => link.href)).toContain(reportHref);
    expect((await links(entry.address, people.otto.session)).map((link) => link.href)).not.toContain(reportHref);
    // Its owner is offered the way to manage it instead, and nobody else is.
    expect(await links(entry.address, people.otto.session)).toContainEqual({ href: `/my/directory/${entry.address}`, text: 'Manage this entry' });
    expect((await links(entry.address, people.pat.session)).map((link) => link.href)).not.toContain(`/my/directory/${entry.address}`);
    // Shown only to signed-in people, it is not public, so the report form would not take it.
    const restricted = await app.services.directory.register(actors.otto, registration({ display_name: 'Otto Members', visibility: 'restricted' }));
    expect((await links(restricted.address, people.pat.session)).map((link) => link.href).some((href) => href.startsWith('/reports/new'))).toBe(false);
  });
});

describe('site feedback', () => {
  it('asks about being contacted only someone signed in, and tells a visitor that signing in makes an answer possible', async () => {
    const visitor = parseHtml((await get('/site-feedback')).body);
    expect(visitor.find('select[name="contact_ok"]')).toBeUndefined();
    expect(visitor.text('main')).toContain('You are not signed in, so support cannot answer you.');
    expect(visitor.links('main')).toContainEqual({ href: '/login?next=%2Fsite-feedback', text: 'Sign in' });
    const member = parseHtml((await get('/site-feedback', people.cleo.session)).body);
    expect(member.field('contact_ok').control.querySelectorAll('option').map((option) => visibleText(option))).toEqual(['No', 'Yes']);
  });

  it('shows support the display name of a signed-in sender, linking the profile, never the e-mail address', async () => {
    expect((await postForm('/site-feedback', { kind: 'feedback', message: 'Named sender words', contact_ok: 'true' }, people.cleo.session)).status).toBe(303);
    // A visitor cannot be answered, so a forged "yes" is not kept.
    expect((await postForm('/site-feedback', { kind: 'feedback', message: 'Visitor sender words', contact_ok: 'true' })).status).toBe(303);
    const page = parseHtml((await get('/support/site-feedback', people.sam.session)).body);
    const card = page.all('main li').find((li) => visibleText(li).includes('Named sender words'))!;
    expect(visibleText(card)).toContain('from Cleo Client, happy to be contacted');
    expect(card.querySelectorAll('a').map((a) => [a.getAttribute('href'), visibleText(a)])).toContainEqual([`/principals/${people.cleo.id}`, 'Cleo Client']);
    expect(page.text('main')).not.toContain(people.cleo.email);
    const visitorCard = page.all('main li').find((li) => visibleText(li).includes('Visitor sender words'))!;
    expect(visibleText(visitorCard)).toContain('from someone who was not signed in');
    expect(visibleText(visitorCard)).not.toContain('contacted');
  });

  it('lets support answer a sender who asked for it in a private thread, whose invitation waits on the sender’s Threads page', async () => {
    expect((await postForm('/site-feedback', { kind: 'capability_request', message: 'Please add weddings.', contact_ok: 'true' }, people.cleo.session)).status).toBe(303);
    expect((await postForm('/site-feedback', { kind: 'feedback', message: 'Do not write back.', contact_ok: 'false' }, people.cleo.session)).status).toBe(303);
    const page = parseHtml((await get('/support/site-feedback', people.sam.session)).body);
    const cardOf = (words: string) => page.all('main li').find((li) => visibleText(li).includes(words))!;
    const action = cardOf('Please add weddings.').querySelector('form')?.getAttribute('action');
    expect(action).toMatch(/^\/support\/site-feedback\/sfb_[0-9a-z]+\/thread$/);
    expect(cardOf('Do not write back.').querySelector('form')).toBeNull();
    const started = await postForm(action!, {}, people.sam.session);
    expect(started.status).toBe(303);
    const threadId = /^\/threads\/(thr_[0-9a-z]+)$/.exec(started.headers.get('location') ?? '')?.[1];
    expect(threadId).toBeDefined();
    expect(flashOf(started)).toBe('Private thread started. Cleo Client is invited: the invitation waits on their Threads page. Write your answer below.');
    const { invitations } = await app.services.threads.invitations(actors.cleo, {});
    expect(invitations.find((invitation) => invitation.thread.id === threadId)).toMatchObject({ thread: { title: 'About your capability request' } });
    // Not for anyone but support, and not for an item whose sender did not ask.
    expect((await postForm(action!, {}, people.cleo.session)).status).toBe(404);
    const { site_feedback: items } = await app.services.siteFeedback.listSiteFeedback(actors.sam, {});
    const unwilling = items.find((item) => item.message === 'Do not write back.')!;
    const refused = await postForm(`/support/site-feedback/${unwilling.id}/thread`, {}, people.sam.session);
    expect([refused.status, refused.headers.get('location')]).toEqual([303, '/support/site-feedback']);
    expect(flashOf(refused)).toContain('there is no one to answer');
  });
});
