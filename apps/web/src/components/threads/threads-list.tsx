import type { InvitationListJson, ThreadListJson } from '@svc/threads';
import { CountedPage, EmptyState } from '../../kit/blocks.tsx';
import { ActionButton, Field, Form, Select, TextArea, type FieldErrors, type FormValues } from '../../kit/form.tsx';
import { Time } from '../../kit/time.tsx';
import { OnceField } from '../../kit/once-field.tsx';
import { linkedHref, ThreadStatus } from './threads-view.tsx';

/** One of the person's own jobs or offers a new thread may link: `job:job_…` or `service:svc_…`, shown by its title. */
export interface LinkChoice {
  value: string;
  label: string;
}

export interface ThreadsPageProps {
  /** The signed-in person, so the list names everyone else in each thread. */
  me: string;
  list: ThreadListJson;
  invitations: InvitationListJson;
  /** The start form, empty or as refused. */
  start: { values: FormValues; errors: FieldErrors };
  linkable: readonly LinkChoice[];
}

const AND = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

/** Who else takes part, by name: two threads about one job differ by the person they are with. */
const withWhom = (participants: ThreadListJson['threads'][number]['participants'], me: string): string => {
  const others = participants.filter((person) => person.principal_id !== me).map((person) => person.display_name);
  return others.length ? `With ${AND.format(others)}` : 'Only you so far';
};

/** The Threads page: my threads, the invitations waiting for me, and the form that starts a thread. */
export const ThreadsPage = ({ me, list, invitations, start, linkable }: ThreadsPageProps) => (
  <>
    <h1>Threads</h1>
    <p class="muted">Private workspaces for a few people: only their participants can see them.</p>
    {invitations.invitations.length ? (
      <section aria-labelledby="invitations-heading">
        <h2 id="invitations-heading">Invitations for you</h2>
        <ul class="cards">
          {invitations.invitations.map((invitation) => (
            <li id={`invitation-${invitation.id}`}>
              <h3>{invitation.thread.title}</h3>
              <p>
                {invitation.thread.owner.display_name} invites you to the private thread “{invitation.thread.title}”.
              </p>
              <p class="meta">
                <span>
                  Invited <Time iso={invitation.created_at} />
                </span>
                <span>
                  Expires <Time iso={invitation.expires_at} />
                </span>
              </p>
              <ActionButton action={`/threads/invitations/${invitation.id}/accept`} label={`Join “${invitation.thread.title}”`} />
            </li>
          ))}
        </ul>
      </section>
    ) : null}
    <section aria-labelledby="threads-heading">
      <h2 id="threads-heading">Threads you take part in</h2>
      <CountedPage
        list={list}
        shown={list.threads.length}
        href={(offset) => `/threads?offset=${offset}`}
        empty={
          <EmptyState title="You take part in no threads yet.">
            <p>Start one below, or join one with an invitation link someone shared with you.</p>
          </EmptyState>
        }
      >
        <ul class="cards">
          {list.threads.map((thread) => (
            <li>
              <h3>
                <a href={`/threads/${thread.id}`}>{thread.title}</a>
              </h3>
              <p class="meta">
                <ThreadStatus value={thread.status} />
                <span>{thread.owner.principal_id === me ? 'Started by you' : `Started by ${thread.owner.display_name}`}</span>
                <span>{withWhom(thread.participants, me)}</span>
                {thread.linked ? (
                  <span>
                    About the {thread.linked.kind === 'job' ? 'job' : 'offer'}{' '}
                    <a href={linkedHref(thread.linked)}>{thread.linked.title || 'linked'}</a>
                  </span>
                ) : null}
                <span>
                  Changed <Time iso={thread.updated_at} />
                </span>
              </p>
            </li>
          ))}
        </ul>
      </CountedPage>
    </section>
    <section aria-labelledby="start-heading">
      <h2 id="start-heading">Start a thread</h2>
      <Form action="/threads" values={start.values} errors={start.errors}>
        <OnceField />
        <Field name="title" label="Title" required maxLength={200} />
        <TextArea name="summary" label="Summary" rows={3} maxLength={20_000} />
        <Select
          name="link"
          label="Job or offer to link"
          hint="One of your own jobs or offers. The thread keeps a snapshot of it; it is not a contract. To talk about someone else’s job or offer, use “Start a private thread” on its page."
          options={[{ value: '', label: 'None' }, ...linkable]}
        />
        <button type="submit">Start the thread</button>
      </Form>
    </section>
  </>
);
