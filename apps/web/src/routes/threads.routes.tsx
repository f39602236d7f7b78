import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { isDomainError, notFound, type Actor, type DomainError } from '@svc/kernel';
import type { InvitePreviewJson, ThreadJson } from '@svc/threads';
import { statusOf } from '@svc/http';
import { InvitationLanding, UnusableInvitation, unusableInvitation } from '../components/threads/invitation-link.tsx';
import { ThreadsPage, type LinkChoice } from '../components/threads/threads-list.tsx';
import { ExportLinks, ThreadView, type ThreadViewProps } from '../components/threads/threads-view.tsx';
import { fieldErrorsOf, type FieldErrors } from '../kit/form.tsx';
import { THREAD_EXAMPLES } from '../kit/messages.ts';
import { redirectWithFlash, setFlashData, takeFlashData } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { pageQuery } from '../kit/paging.ts';
import { backOnRefusal, page, readInput, signInFirst, wantsHtml, wayWhenGone } from '../http/respond.ts';
import { versionOf } from '../forms/normalise.ts';
import { ConfirmPage } from '../kit/confirm.tsx';
import { createOnceFromForm } from '../http/once.ts';
import { reopenFormAddresses } from '../http/form-addresses.ts';

const PAGE_SIZE = 20;

/** The start form's choice among the person's own jobs and offers (`job:job_…`, `service:svc_…`), as the link the service expects. */
const linkOf = (choice: string): { kind: 'job' | 'service'; id: string } | undefined => {
  const match = /^(job|service):(.+)$/.exec(choice.trim());
  return match ? { kind: match[1] as 'job' | 'service', id: match[2]! } : undefined;
};

/** Refusals a form shows beside its fields; anything else is an error page. */
const refusedForm = (error: unknown, codes: string[] = ['validation_failed'], names?: Record<string, string>): FieldErrors | null => {
  if (!isDomainError(error) || !codes.includes(error.code)) return null;
  return fieldErrorsOf(error, names, 'public', THREAD_EXAMPLES);
};

interface Confirmation {
  question: string;
  confirm: string;
  explain: string;
  /** Where the confirmed change goes back to when kept; the thread itself unless said. */
  back?: string;
}

const toThread = ({ id }: Record<string, string>) => `/threads/${encodeURIComponent(id!)}`;

/**
 * Private work threads for people: my threads and invitations, the thread page with every action
 * of a participant or the owner, exports, and the landing page of a one-time invitation link.
 * Every page asks the same service as the API, so a non-participant gets the same 404.
 */
/** The flash data naming a new invitation link, shown once on its thread's page. */
const NEW_LINK = 'invite_link';

const threadPages = (router: AppRouter, services: Services): void => {
  const { threads, jobs, offers, baseUrl } = services;
  const me = (ctx: Context): Actor => requireActor(ctx, baseUrl, 'threads:write');

  const threadsPage = async (ctx: Context, start: { values: Record<string, string>; errors: FieldErrors }, status = 200) => {
    const actor = me(ctx);
    const [list, invitations, openJobs, closedJobs, ownOffers] = await Promise.all([
      threads.list(actor, pageQuery(ctx, PAGE_SIZE)),
      threads.invitations(actor, { limit: '100' }),
      jobs.listMine(actor, { status: 'open', limit: '100' }),
      jobs.listMine(actor, { status: 'closed', limit: '100' }),
      offers.mine(actor),
    ]);
    // What a new thread may link: the person's own jobs and offers, chosen by title.
    const linkable: LinkChoice[] = [
      ...[...openJobs.jobs, ...closedJobs.jobs].map((job) => ({ value: `job:${job.id}`, label: `Job: ${job.title}${job.status === 'closed' ? ' (closed)' : ''}` })),
      ...[...ownOffers.active, ...ownOffers.paused].map((offer) => ({ value: `service:${offer.id}`, label: `Offer: ${offer.title}${offer.status === 'paused' ? ' (paused)' : ''}` })),
    ];
    renderPage(ctx, {
      title: 'Threads',
      description: 'Your private work threads and the invitations waiting for you; start a new thread for a job or an offer.',
      status,
      body: <ThreadsPage me={actor.principalId} list={list} invitations={invitations} start={start} linkable={linkable} />,
    });
  };

  /** The thread page again, with a refused form or the link just created. */
  const threadPage = async (ctx: Context, threadId: string, extra: Omit<ThreadViewProps, 'thread' | 'related' | 'deletable'> = {}, status = 200) => {
    const actor = me(ctx);
    const thread = await threads.get(actor, threadId);
    const owns = thread.owner.principal_id === actor.principalId && thread.status === 'open';
    // What the owner may do: invite the people the linked job or offer connects them with, and
    // delete the thread only while nobody else has written in it (otherwise it is archived).
    const [related, deletable] = owns ? await Promise.all([threads.relatedPeople(actor, thread.id), threads.deletable(actor, thread.id)]) : [[], false];
    renderPage(ctx, {
      title: thread.title,
      description: `The private thread “${thread.title}”: its summary, checklist, entries and participants.`,
      status,
      body: <ThreadView thread={thread} related={related} deletable={deletable} {...extra} />,
    });
  };

  router.get(
    '/threads',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      await threadsPage(ctx, { values: {}, errors: {} });
    }),
  );

  router.post(
    '/threads',
    page(async (ctx) => {
      const actor = me(ctx);
      const { title = '', summary = '', link = '' } = await readInput(ctx);
      const linked = linkOf(link);
      try {
        const input = { title, summary, ...(linked ? { link: linked } : {}) };
        const thread = await createOnceFromForm(ctx, services, actor, input, () => threads.create(actor, input));
        redirectWithFlash(ctx, `/threads/${thread.id}`, 'Thread started. Invite people from the Participants part.');
      } catch (error) {
        const errors = refusedForm(error, ['validation_failed', 'limit_reached']);
        if (!errors) throw error;
        await threadsPage(ctx, { values: { title, summary, link }, errors }, statusOf(error as never));
      }
    }),
  );

  /** A link that cannot be used gets its own page in plain words, instead of the Join button or a general error. */
  const orUnusable = (ctx: Context, error: unknown): void => {
    const unusable = isDomainError(error) && wantsHtml(ctx) ? unusableInvitation(error) : null;
    if (!unusable) throw error;
    ctx.state.errorCode = (error as DomainError).code;
    renderPage(ctx, {
      title: unusable.title,
      description: unusable.says,
      status: unusable.status,
      body: <UnusableInvitation code={(error as DomainError).code} {...unusable} />,
    });
  };

  /**
   * Joins by `accept`, then opens the thread; an invitation no longer usable (a link used or revoked
   * meanwhile, Join pressed again from a page the browser kept) gets the plain page a used link shows.
   */
  const join = (accept: (actor: Actor, ctx: Context) => Promise<ThreadJson>) =>
    page(async (ctx) => {
      const actor = me(ctx);
      await readInput(ctx);
      let thread: ThreadJson;
      try {
        thread = await accept(actor, ctx);
      } catch (error) {
        return orUnusable(ctx, error);
      }
      redirectWithFlash(ctx, `/threads/${thread.id}`, `You joined “${thread.title}”.`);
    });

  // Join, from the Threads page.
  router.post(
    '/threads/invitations/:inviteId/accept',
    join((actor, ctx) => threads.acceptInvitation(actor, ctx.params.inviteId!)),
  );

  // The one-time link: `{base_url}/threads/invites/{token}` (what the package puts in an invitation's url).
  router.get(
    '/threads/invites/:token',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      // Names the thread and who invited; the service refuses a used, revoked or expired link, or one for someone else, as accepting would.
      let invite: InvitePreviewJson;
      try {
        invite = await threads.previewInvite(me(ctx), ctx.params.token);
      } catch (error) {
        return orUnusable(ctx, error);
      }
      renderPage(ctx, {
        title: `Join “${invite.thread.title}”`,
        description: 'You are invited to a private work thread: join it to read and write its summary, checklist and entries.',
        body: <InvitationLanding invite={invite} action={ctx.path} />,
      });
    }),
  );

  router.post(
    '/threads/invites/:token',
    join((actor, ctx) => threads.acceptInvite(actor, ctx.params.token!)),
  );

  router.get(
    '/threads/:id',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      if (ctx.query.format === 'json') {
        ctx.body = await threads.get(me(ctx), ctx.params.id);
        return;
      }
      // Said of every thread this person cannot see, so it tells nothing of whether one exists.
      wayWhenGone(ctx, {
        href: '/threads',
        text: 'Threads',
        why: 'A thread shows only to its participants. If someone invited you, accept the invitation on your Threads page first.',
      });
      const link = takeFlashData(ctx, NEW_LINK) as { thread_id?: unknown; url?: unknown; expires_at?: unknown } | null;
      if (link?.thread_id === ctx.params.id && typeof link.url === 'string' && typeof link.expires_at === 'string') {
        ctx.set('Cache-Control', 'no-store');
        return await threadPage(ctx, ctx.params.id, { newInvite: { url: link.url, expires_at: link.expires_at } });
      }
      await threadPage(ctx, ctx.params.id);
    }),
  );

  router.get(
    '/threads/:id/export',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      // The service checks participation before the format, so only a participant is offered the downloads.
      const exported = await threads.export(me(ctx), ctx.params.id, ctx.query.format).catch((error: unknown) => {
        if (isDomainError(error) && error.code === 'validation_failed') return null;
        throw error;
      });
      if (!exported) {
        ctx.state.errorCode = 'validation_failed';
        return renderPage(ctx, {
          title: 'Choose a download',
          description: 'A thread downloads as Markdown or as JSON.',
          status: 400,
          body: (
            <section class="error-page">
              <h1>Choose a download</h1>
              <p>This thread downloads as Markdown (a text file) or as JSON (for programs): choose one.</p>
              <ExportLinks threadId={ctx.params.id} />
              <p>
                <a href={`/threads/${encodeURIComponent(ctx.params.id)}`}>Back to the thread</a>
              </p>
            </section>
          ),
        });
      }
      ctx.set('Content-Disposition', `attachment; filename="${exported.filename}"`);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.type = exported.content_type;
      ctx.body = exported.format === 'md' ? exported.body : JSON.stringify(exported.body, null, 2);
    }),
  );

  /**
   * The thread page scrolled to what a form just added or changed (an entry, a checklist item), as
   * feedback forms lead back to the feedback: ticking items far down a long thread does not jump to
   * the top each time. The flash still says what happened, at the top.
   */
  const atRecord = (threadId: string, anchor: string) => `/threads/${encodeURIComponent(threadId)}#${encodeURIComponent(anchor)}`;

  /** A form on the thread page: one service call, then back to the thread; a refusal shows beside its form. */
  const threadForm = (
    path: `/threads/:id/${string}`,
    run: (actor: Actor, ctx: Context, input: Record<string, string>) => Promise<string | { to: string; flash: string }>,
    refusal?: {
      form: 'summary' | 'entry' | 'entryEdit' | 'item' | 'invite' | 'title';
      codes?: string[];
      /** The page's name of each field the service names, where they differ. */
      fields?: Record<string, string>;
    },
  ) =>
    router.post(
      path,
      page(async (ctx) => {
        // A refusal shown as a page ("archive it instead") leads back to the thread.
        backOnRefusal(ctx, { href: `/threads/${encodeURIComponent(ctx.params.id!)}`, text: 'Back to the thread' });
        const actor = me(ctx);
        const input = await readInput(ctx);
        let done: string | { to: string; flash: string };
        try {
          done = await run(actor, ctx, input);
        } catch (error) {
          // The field names of the page differ where two forms would share one (`text`).
          const shown = refusal ? refusedForm(error, refusal.codes, refusal.fields) : null;
          if (!refusal || !shown) throw error;
          const conflict = isDomainError(error) && error.code === 'version_conflict';
          // A conflict is explained beside the two texts, not as a form error.
          if (conflict) delete shown[''];
          // An entry's edit form is that entry's: the page opens it again, with what was typed.
          const which = refusal.form === 'entryEdit' ? { entryId: (ctx.params as Record<string, string>).entryId ?? '' } : {};
          return threadPage(ctx, ctx.params.id, { [refusal.form]: { values: input, errors: shown, ...which, ...(conflict ? { conflict } : {}) } }, statusOf(error as never));
        }
        const { to, flash } = typeof done === 'string' ? { to: `/threads/${ctx.params.id}`, flash: done } : done;
        redirectWithFlash(ctx, to, flash);
      }),
    );

  threadForm(
    '/threads/:id/summary',
    async (actor, ctx, { summary = '', expected_version }) => {
      await threads.update(actor, ctx.params.id, { summary, expected_version: versionOf(expected_version) });
      return 'Summary saved.';
    },
    { form: 'summary', codes: ['validation_failed', 'version_conflict'] },
  );
  threadForm(
    '/threads/:id/title',
    async (actor, ctx, { title = '' }) => {
      await threads.update(actor, ctx.params.id, { title });
      return 'Title saved.';
    },
    { form: 'title' },
  );
  threadForm(
    '/threads/:id/entries',
    async (actor, ctx, { kind = '', entry_text: text = '' }) => {
      const entry = await createOnceFromForm(ctx, services, actor, { kind, text }, () => threads.addEntry(actor, ctx.params.id, { kind, text }));
      return { to: atRecord(ctx.params.id, entry.id), flash: 'Entry added.' };
    },
    { form: 'entry', codes: ['validation_failed', 'limit_reached', 'archived'], fields: { text: 'entry_text' } },
  );
  threadForm(
    '/threads/:id/entries/:entryId',
    async (actor, ctx, input) => {
      await threads.editEntry(actor, ctx.params.id, ctx.params.entryId, { text: input.new_text ?? '' });
      return { to: atRecord(ctx.params.id, ctx.params.entryId), flash: 'Entry saved.' };
    },
    { form: 'entryEdit', codes: ['validation_failed', 'blocked_content'], fields: { text: 'new_text' } },
  );
  threadForm('/threads/:id/entries/:entryId/delete', async (actor, ctx) => {
    await threads.deleteEntry(actor, ctx.params.id, ctx.params.entryId);
    return 'Entry deleted. A marker stays in its place.';
  });
  threadForm(
    '/threads/:id/checklist',
    async (actor, ctx, { item_text: text = '' }) => {
      const item = await threads.addItem(actor, ctx.params.id, { text });
      return { to: atRecord(ctx.params.id, `item-${item.id}`), flash: 'Checklist item added.' };
    },
    { form: 'item', codes: ['validation_failed', 'limit_reached'], fields: { text: 'item_text' } },
  );
  // One tick, saved on its own. The form carries the value asked for (`done` true or false), never a
  // toggle, so a tick that someone else already made is not undone by a second one; the flash says so.
  threadForm('/threads/:id/checklist/:itemId/tick', async (actor, ctx, { done }) => {
    // Read first: a non-participant gets the same 404, and the words can name the item.
    const item = (await threads.get(actor, ctx.params.id)).checklist.find((candidate) => candidate.id === ctx.params.itemId);
    if (!item) return 'That item is no longer on the checklist: someone removed it meanwhile.';
    // Anything but "true" or "false" goes to the service as sent, which refuses it (400 validation_failed).
    const wanted = done === 'true' ? true : done === 'false' ? false : done;
    const to = atRecord(ctx.params.id, `item-${item.id}`);
    if (wanted === item.done) return { to, flash: `“${item.text}” was already ${item.done ? 'ticked' : 'unticked'}: someone changed it meanwhile.` };
    await threads.updateItem(actor, ctx.params.id, item.id, { done: wanted });
    return { to, flash: wanted ? `Ticked “${item.text}”.` : `Unticked “${item.text}”.` };
  });
  threadForm('/threads/:id/checklist/:itemId/remove', async (actor, ctx) => {
    await threads.removeItem(actor, ctx.params.id, ctx.params.itemId);
    return 'Checklist item removed.';
  });
  // One form, two buttons: a named invitation for someone chosen from the list, or a link anyone may use once.
  router.post(
    '/threads/:id/invites',
    page(async (ctx) => {
      const actor = me(ctx);
      const { invitee = '', kind = 'named' } = await readInput(ctx);
      try {
        if (kind === 'link') {
          // Shown once, on the thread's page reached by a redirect: a reload there makes no second link.
          const { url, expires_at } = await threads.createInvite(actor, ctx.params.id, { invitee_principal_id: null });
          setFlashData(ctx, NEW_LINK, { thread_id: ctx.params.id, url, expires_at });
          ctx.status = 303;
          return ctx.redirect(`/threads/${encodeURIComponent(ctx.params.id)}#people-heading`);
        }
        const invite = await threads.inviteRelated(actor, ctx.params.id, { invitee_principal_id: invitee });
        const name = (await threads.relatedPeople(actor, ctx.params.id)).find((person) => person.principal_id === invite.invitee_principal_id)?.display_name;
        redirectWithFlash(ctx, `/threads/${ctx.params.id}`, `${name ?? 'They'} ${name ? 'is' : 'are'} invited: the invitation waits on their Threads page.`);
      } catch (error) {
        const errors = refusedForm(error, ['validation_failed', 'already_participant', 'limit_reached']);
        if (!errors) throw error;
        const shown = Object.fromEntries(Object.entries(errors).map(([field, message]) => [field === 'invitee_principal_id' ? 'invitee' : field, message]));
        await threadPage(ctx, ctx.params.id, { invite: { values: { invitee }, errors: shown } }, statusOf(error as never));
      }
    }),
  );
  threadForm('/threads/:id/invites/:inviteId/revoke', async (actor, ctx) => {
    await threads.revokeInvite(actor, ctx.params.id, ctx.params.inviteId);
    return 'Invitation revoked: its link no longer works.';
  });
  threadForm('/threads/:id/participants/:principalId/remove', async (actor, ctx) => {
    await threads.removeParticipant(actor, ctx.params.id, ctx.params.principalId);
    return 'Participant removed: they no longer see this thread.';
  });
  threadForm('/threads/:id/archive', async (actor, ctx) => {
    await threads.archive(actor, ctx.params.id);
    return 'Thread archived: it is read-only until you reopen it.';
  });
  threadForm('/threads/:id/reopen', async (actor, ctx) => {
    await threads.reopen(actor, ctx.params.id);
    return 'Thread reopened.';
  });
  threadForm('/threads/:id/leave', async (actor, ctx) => {
    await threads.leave(actor, ctx.params.id);
    return { to: '/threads', flash: 'You left the thread.' };
  });
  threadForm('/threads/:id/delete', async (actor, ctx) => {
    await threads.deleteThread(actor, ctx.params.id);
    return { to: '/threads', flash: 'Thread deleted.' };
  });
};

/**
 * The confirmation pages before a thread change that cannot be undone (deleting an entry, removing a
 * checklist item or a participant, revoking an invitation, leaving or deleting the thread). Each reads
 * the thread as the person may (a stranger gets the same 404) and names what would go; the change
 * itself is the POST to the same address, registered by `threadPages` above.
 */
const confirmPages = (router: AppRouter, { threads, baseUrl }: Services): void => {
  const confirmPage = (path: string, describe: (thread: ThreadJson, params: Record<string, string>) => Confirmation) =>
    router.get(
      `/threads/:id${path}`,
      page(async (ctx: Context) => {
        if (signInFirst(ctx)) return;
        // Opened again with Back after the change, the thing it asked about is gone: lead on from there.
        wayWhenGone(ctx, { href: '/threads', text: 'Threads', why: 'If you left or deleted this thread just now, it is no longer there for you.' });
        const thread = await threads.get(requireActor(ctx, baseUrl, 'threads:write'), ctx.params.id);
        wayWhenGone(ctx, { href: `/threads/${thread.id}`, text: 'Back to the thread', why: 'If you did this just now, it is done: the thread shows how things stand now.' });
        const { question, confirm, explain, back = `/threads/${thread.id}` } = describe(thread, ctx.params as Record<string, string>);
        renderPage(ctx, {
          title: question,
          description: `${question} ${explain}`,
          body: (
            <ConfirmPage question={question} action={ctx.path} confirm={confirm} back={back}>
              <p>{explain}</p>
            </ConfirmPage>
          ),
        });
      }),
    );

  const entryOf = (thread: ThreadJson, id: string | undefined) => thread.entries.find((entry) => entry.id === id && !entry.deleted) ?? notFoundIn('entry');
  const itemOf = (thread: ThreadJson, id: string | undefined) => thread.checklist.find((item) => item.id === id) ?? notFoundIn('checklist item');
  const personOf = (thread: ThreadJson, id: string | undefined) =>
    thread.participants.find((person) => person.principal_id === id && person.role !== 'owner') ?? notFoundIn('participant');
  const inviteOf = (thread: ThreadJson, id: string | undefined) => (thread.invites ?? []).find((invite) => invite.id === id && invite.status === 'pending') ?? notFoundIn('invitation');

  confirmPage('/entries/:entryId/delete', (thread, { entryId }) => {
    entryOf(thread, entryId);
    return {
      question: 'Delete your entry?',
      confirm: 'Yes, delete it',
      explain: 'Its text is gone for good; a marker stays in its place, saying that its author deleted it.',
    };
  });
  confirmPage('/checklist/:itemId/remove', (thread, { itemId }) => ({
    question: `Remove “${itemOf(thread, itemId).text}” from the checklist?`,
    confirm: 'Yes, remove it',
    explain: 'The item and its tick are gone for everyone in the thread. Adding it again makes a new item.',
  }));
  confirmPage('/participants/:principalId/remove', (thread, { principalId }) => ({
    question: `Remove ${personOf(thread, principalId).display_name} from “${thread.title}”?`,
    confirm: 'Yes, remove them',
    explain: 'They no longer see this thread. What they wrote stays. To have them back, invite them again.',
  }));
  confirmPage('/invites/:inviteId/revoke', (thread, { inviteId }) => {
    inviteOf(thread, inviteId);
    return {
      question: 'Revoke this invitation?',
      confirm: 'Yes, revoke it',
      explain: 'Its link stops working and it no longer waits on anyone’s Threads page. You can invite again afterwards.',
    };
  });
  confirmPage('/leave', (thread) => ({
    question: `Leave “${thread.title}”?`,
    confirm: 'Yes, leave it',
    explain: 'You no longer see the thread. What you wrote stays. To come back, its owner has to invite you again.',
  }));
  confirmPage('/delete', (thread) => ({
    question: `Delete “${thread.title}” for good?`,
    confirm: 'Yes, delete it',
    explain: 'The thread goes with its entries, checklist and invitations, for everyone. It is possible only while nobody else has contributed; otherwise archive it.',
  }));
};

const notFoundIn = (what: string): never => {
  throw notFound(what);
};

/** Every `/threads` page and form: the person's threads, a thread with its changes and their confirmation pages, and invitations. */
export const registerThreadsRoutes = (router: AppRouter, services: Services): void => {
  threadPages(router, services);
  confirmPages(router, services);
  reopenFormAddresses(router, {
    '/threads/invitations/:inviteId/accept': () => '/threads',
    '/threads/:id/summary': toThread,
    '/threads/:id/title': toThread,
    '/threads/:id/entries': toThread,
    '/threads/:id/entries/:entryId': (params) => `${toThread(params)}#${encodeURIComponent(params.entryId!)}`,
    '/threads/:id/checklist': toThread,
    '/threads/:id/checklist/:itemId/tick': toThread,
    '/threads/:id/invites': toThread,
    '/threads/:id/archive': toThread,
    '/threads/:id/reopen': toThread,
  });
};
