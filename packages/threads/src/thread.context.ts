import { requireHuman, unknownPrincipal, type Actor } from '@svc/kernel';
import { threadErrors } from './threads.errors.ts';
import { presentInvite, presentThread, type NameOf } from './threads.presenter.ts';
import type { PrincipalSummary, ThreadsDeps } from './threads.deps.ts';
import type { ThreadContents, ThreadRecord } from './threads.records.ts';
import type { ThreadJson } from './threads.schemas.ts';

/** Identifiers this package and others make: anything else cannot name a record, so it is not looked up. */
export const isId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(value);

/**
 * What every thread service shares: the participation check that comes before anything else, the
 * row lock that changes and limits rely on, and the thread view with live display names.
 */
export const createThreadContext = ({ repo, clock, principals, baseUrl, transaction }: Pick<ThreadsDeps, 'repo' | 'clock' | 'principals' | 'baseUrl' | 'transaction'>) => {
  const origin = baseUrl.replace(/\/+$/, '');

  /** The package's one way to look principals up: those of `ids` the directory knows, each asked once. */
  const known = async (ids: Iterable<string>): Promise<Map<string, PrincipalSummary>> => {
    const unique = [...new Set(ids)];
    return unique.length === 0 ? new Map() : principals.summaries(unique);
  };

  /** Looks every principal up once per answer; one the directory does not know is named as unknown. */
  const names = async (ids: Iterable<string>): Promise<NameOf> => {
    const found = await known(ids);
    return (id) => found.get(id) ?? unknownPrincipal(id);
  };

  const namesIn = (contents: ThreadContents): Promise<NameOf> =>
    names([
      contents.thread.ownerId,
      ...contents.participants.map((p) => p.principalId),
      ...contents.entries.map((entry) => entry.authorId),
      ...contents.checklist.map((item) => item.addedBy),
    ]);

  /** The thread as `actor` reads it; only its owner sees invitations. */
  const view = async (actor: Actor, threadId: string): Promise<ThreadJson> => {
    const contents = await repo.readContents(threadId);
    if (!contents) throw threadErrors.notFound();
    const invites =
      contents.thread.ownerId === actor.principalId
        ? (await repo.listInvites(threadId)).map((invite) => presentInvite(invite, clock.now(), origin))
        : null;
    return presentThread(contents, invites, await namesIn(contents), origin);
  };

  /**
   * The thread when `actor` is a current participant; otherwise the one `not_found`, whatever the
   * reason (no such thread, never invited, removed, left).
   */
  const readable = async (actor: Actor, threadId: unknown): Promise<ThreadRecord> => {
    if (!isId(threadId)) throw threadErrors.notFound();
    const thread = await repo.findThread(threadId);
    if (!thread || !(await repo.findParticipant(threadId, actor.principalId))) throw threadErrors.notFound();
    return thread;
  };

  /**
   * Runs a change in one transaction (joining the caller's) with the thread row locked, so counts,
   * participation and state cannot move underneath it. Participation is checked first; then, for
   * website-only actions, that the actor is the signed-in person.
   */
  const change = <T>(actor: Actor, threadId: unknown, work: (thread: ThreadRecord) => Promise<T>, options: { humanOnly?: boolean } = {}): Promise<T> =>
    transaction(async () => {
      if (!isId(threadId)) throw threadErrors.notFound();
      const thread = await repo.lockThread(threadId);
      if (!thread || !(await repo.findParticipant(threadId, actor.principalId))) throw threadErrors.notFound();
      if (options.humanOnly) requireHuman(actor);
      return work(thread);
    });

  const requireOwner = (actor: Actor, thread: ThreadRecord, action: string): void => {
    if (thread.ownerId !== actor.principalId) throw threadErrors.ownerOnly(action);
  };

  const requireOpen = (thread: ThreadRecord): void => {
    if (thread.status === 'archived') throw threadErrors.archived();
  };

  /** Every change to a thread's content or people moves its `updated_at`. */
  const touch = async (thread: ThreadRecord, at: Date): Promise<void> => {
    await repo.updateThread(thread.id, { updatedAt: at });
  };

  return { origin, known, names, namesIn, view, readable, change, requireOwner, requireOpen, touch };
};

export type ThreadContext = ReturnType<typeof createThreadContext>;
