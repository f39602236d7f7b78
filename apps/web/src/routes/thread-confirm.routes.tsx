import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { notFound } from '@svc/kernel';
import type { ThreadJson } from '@svc/threads';
import { ConfirmPage } from '../kit/confirm.tsx';
import { renderPage } from '../kit/render.tsx';
import { page, signInFirst } from '../http/respond.ts';

interface Confirmation {
  question: string;
  confirm: string;
  explain: string;
  /** Where the confirmed change goes back to when kept; the thread itself unless said. */
  back?: string;
}

/**
 * The confirmation pages before a thread change that cannot be undone (deleting an entry, removing a
 * checklist item or a participant, revoking an invitation, leaving or deleting the thread). Each reads
 * the thread as the person may (a stranger gets the same 404) and names what would go; the change
 * itself is the POST to the same address, on the thread pages.
 */
export const registerThreadConfirmPages = (router: AppRouter, { threads, baseUrl }: Services): void => {
  const confirmPage = (path: string, describe: (thread: ThreadJson, params: Record<string, string>) => Confirmation) =>
    router.get(
      `/threads/:id${path}`,
      page(async (ctx: Context) => {
        if (signInFirst(ctx)) return;
        const thread = await threads.get(requireActor(ctx, baseUrl, 'threads:write'), ctx.params.id!);
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
