import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { HTML, signUpPerson, startWebTestApp, submitAs, viewAs, type Person } from './app.ts';

/**
 * A form is offered only to people who may use it: the feedback form on an offer's page, and the
 * Join button of an invitation link, which names the thread and who invited, or says plainly why
 * the link does not work.
 */

let app: TestApp;
let pat: Person;
let cleo: Person;
let otto: Person;

beforeAll(async () => {
  app = await startWebTestApp();
  pat = await signUpPerson(app, 'Pat Provider');
  cleo = await signUpPerson(app, 'Cleo Client');
  otto = await signUpPerson(app, 'Otto Onlooker');
});
afterAll(() => app?.close());

const anonymous = (path: string) => app.request<string>('GET', path, { headers: HTML });

describe('the feedback form on an offer’s page', () => {
  it('is offered only to a person who worked with the provider in a thread linking the offer, and only until they left feedback', async () => {
    const offer = await app.services.offers.create(pat.actor, { title: 'Garden design', role: 'designer', industry: 'gardens' });
    const form = `action="/services/${offer.id}/feedback"`;

    // Signed out: no form, one sentence with a sign-in link that comes back here.
    const visitor = await anonymous(`/services/${offer.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).not.toContain(form);
    expect(visitor.body).toContain(`href="/login?next=${encodeURIComponent(`/services/${offer.id}`)}"`);
    expect(visitor.body).toContain('to leave feedback');

    // Signed in but not related: no form, and what would make it usable, pointing at the private thread.
    const stranger = await viewAs(app, otto, `/services/${offer.id}`);
    expect(stranger.body).not.toContain(form);
    expect(stranger.body).toContain('Feedback comes from people who worked with Pat Provider in a private thread about this offer.');
    expect(stranger.body).toContain('href="#talk-title"');

    // The provider: neither the form nor the sentence.
    const provider = await viewAs(app, pat, `/services/${offer.id}`);
    expect(provider.body).not.toContain(form);
    expect(provider.body).not.toContain('Feedback comes from people who');

    // Related through a thread linking the offer: the form, which the service then takes.
    const thread = await app.services.threads.create(pat.actor, { title: 'Garden plan', link: { kind: 'service', id: offer.id } });
    const invite = await app.services.threads.createInvite(pat.actor, thread.id, { invitee_principal_id: cleo.principal.id });
    await app.services.threads.acceptInvite(cleo.actor, invite.token!);
    expect((await viewAs(app, cleo, `/services/${offer.id}`)).body).toContain(form);
    const left = await submitAs(app, cleo, `/services/${offer.id}/feedback`, { needs_met: 'yes', comment: 'A lovely plan.', published: 'false' });
    expect(left.status).toBe(303);

    // Once left, the form is not offered again (the service takes one item per person and offer).
    const after = await viewAs(app, cleo, `/services/${offer.id}`);
    expect(after.body).toContain('A lovely plan.');
    expect(after.body).not.toContain(form);
    expect(await app.services.feedback.leaveStanding(cleo.actor, offer.id)).toBe('already_left');
  });
});

describe('an invitation link’s page', () => {
  const linkFor = async (title: string, invitee?: Person) => {
    const thread = await app.services.threads.create(pat.actor, { title });
    const invite = await app.services.threads.createInvite(pat.actor, thread.id, invitee ? { invitee_principal_id: invitee.principal.id } : {});
    return { thread, invite, path: `/threads/invites/${invite.token!}` };
  };
  const JOIN = 'Join the thread';

  it('names the thread and who invited (never an e-mail address) before the person joins', async () => {
    const { thread, path } = await linkFor('Planting plan');
    const page = await viewAs(app, cleo, path);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Pat Provider invites you to the private thread “Planting plan”');
    expect(page.body).toContain(JOIN);
    expect(page.body).not.toContain(pat.principal.email);
    const joined = await submitAs(app, cleo, path);
    expect(joined.headers.get('location')).toBe(`/threads/${thread.id}`);
  });

  it('shows an unknown link as 404 in plain words with a way on, and no Join button', async () => {
    for (const token of ['x'.repeat(43), 'not-a-token']) {
      const page = await viewAs(app, cleo, `/threads/invites/${token}`);
      expect(page.status).toBe(404);
      expect(page.body).toContain('This invitation link does not work');
      expect(page.body).toContain('Ask the person who invited you to send it again.');
      expect(page.body).toContain('href="/threads"');
      expect(page.body).not.toContain(JOIN);
      expect(page.body).toContain('invite_not_found');
    }
  });

  it('shows a used, revoked or expired link as 410 gone, saying which, with a way on and no Join button', async () => {
    const used = await linkFor('Used link');
    await app.services.threads.acceptInvite(otto.actor, used.invite.token!);
    const revoked = await linkFor('Revoked link');
    await app.services.threads.revokeInvite(pat.actor, revoked.thread.id, revoked.invite.id);
    const expired = await linkFor('Expired link');
    // Expired a second ago (moving the clock past 7 days would end the sessions too).
    await app.db.query('update thread_invites set expires_at = $1 where id = $2', [new Date(app.clock.now().getTime() - 1000), expired.invite.id]);
    for (const [link, heading] of [
      [used, 'This invitation link has already been used'],
      [revoked, 'This invitation was withdrawn'],
      [expired, 'This invitation link has expired'],
    ] as const) {
      const page = await viewAs(app, cleo, link.path);
      expect(page.status, heading).toBe(410);
      expect(page.body).toContain(heading);
      expect(page.body).toContain('href="/threads"');
      expect(page.body).not.toContain(JOIN);
      // Nothing about the thread leaks to someone the link no longer lets in.
      expect(page.body).not.toContain(link.thread.title);
      // A click from a page opened earlier gets the same answer.
      const clicked = await submitAs(app, cleo, link.path);
      expect(clicked.status).toBe(410);
      expect(clicked.body).toContain(heading);
    }
  });

  it('tells the wrong person that a named invitation is for someone else (403), without the thread', async () => {
    const named = await linkFor('Named for Cleo', cleo);
    const page = await viewAs(app, otto, named.path);
    expect(page.status).toBe(403);
    expect(page.body).toContain('This invitation is for someone else');
    expect(page.body).not.toContain('Named for Cleo');
    expect(page.body).not.toContain(JOIN);
    expect((await viewAs(app, cleo, named.path)).body).toContain(JOIN);
  });
});
