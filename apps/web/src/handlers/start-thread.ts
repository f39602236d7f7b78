import { requireActor, type Services } from '@svc/runtime';
import type { StartedThreadJson } from '@svc/threads';
import { redirectWithFlash } from '../kit/flash.ts';
import { page, readInput } from '../http/respond.ts';

/** What happened, in words, for the flash on the thread page. */
const startedInWords = ({ thread, created, with: person, invited }: Extract<StartedThreadJson, { thread: unknown }>, what: string): string => {
  const joined = thread.participants.some((participant) => participant.principal_id === person.principal_id);
  if (created) return `Private thread started about this ${what}. ${person.display_name} is invited: the invitation waits on their Threads page.`;
  if (invited) return `This is your thread with ${person.display_name} about this ${what}. A new invitation for them waits on their Threads page.`;
  if (joined) return `This is your thread with ${person.display_name} about this ${what}.`;
  return `This is your thread with ${person.display_name} about this ${what}. They have not joined yet.`;
};

/**
 * "Start a private thread" from a job (the poster with a responder, anyone else with the poster)
 * and from an offer (with its provider), posted to the record's own `…/{id}/thread`. The form names
 * the person by the principal the page already shows; the threads service decides whether the
 * record connects the two, and opens the thread they already share (or the invitation to it waiting for the clicker) instead
 * of making a second one.
 */
export const startThreadFrom = ({ threads, baseUrl }: Services, kind: 'job' | 'service', what: string): ReturnType<typeof page> =>
  page(async (ctx) => {
    const actor = requireActor(ctx, baseUrl, 'threads:write');
    const { with: other = '' } = await readInput(ctx);
    const started = await threads.startWith(actor, { link: { kind, id: ctx.params.id }, with_principal_id: other });
    if ('invitation' in started) {
      // Invited already: the way to the thread with them is the Join waiting on the Threads page.
      const { invitation, with: person } = started;
      const says = `${person.display_name} already invited you to the thread “${invitation.thread.title}” about this ${what}: join it below.`;
      return redirectWithFlash(ctx, `/threads#invitation-${invitation.id}`, says);
    }
    redirectWithFlash(ctx, `/threads/${started.thread.id}`, startedInWords(started, what));
  });
