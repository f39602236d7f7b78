import type { ChecklistItemJson, EntryJson, InviteJson, RelatedPersonJson, ThreadJson } from '@svc/threads';
import { usePageEnv } from '../../kit/env.ts';
import { Notice, Prose, StackedTable, Unsent } from '../../kit/blocks.tsx';
import { ActionButton, CsrfField, Field, FieldError, Form, Select, TextArea, type FieldErrors, type FormValues } from '../../kit/form.tsx';
import { ConfirmLink } from '../../kit/confirm.tsx';
import { OnceField } from '../../kit/once-field.tsx';
import { Time } from '../../kit/time.tsx';
import { labelOf } from '../../kit/messages.ts';

/** Entry kinds in words, in the order the kind picker offers them. */
export const ENTRY_KIND_WORDS: Record<string, string> = {
  update: 'Update',
  next_step: 'Next step',
  blocker: 'Blocker',
  deliverable: 'Deliverable',
  completion: 'Completion',
};

/** A thread's status in words. */
export const ThreadStatus = ({ value }: { value: string }) => <span class={`status status-${value}`}>{value === 'archived' ? 'Archived' : 'Open'}</span>;

const INVITE_WORDS: Record<string, string> = { pending: 'Waiting', accepted: 'Accepted', revoked: 'Revoked', expired: 'Expired' };

/** A form that came back refused: what was typed and the messages beside the fields. */
export interface Refused {
  values: FormValues;
  errors: FieldErrors;
}

export interface ThreadViewProps {
  thread: ThreadJson;
  /** The summary form after a refusal; `conflict` when someone changed the summary meanwhile. */
  summary?: Refused & { conflict?: boolean };
  entry?: Refused;
  /** An entry's edit after a refusal (text that was blank): which entry, what was typed and why. */
  entryEdit?: Refused & { entryId: string };
  item?: Refused;
  invite?: Refused;
  title?: Refused;
  /** The invitation link just made: shown once. */
  newInvite?: Pick<InviteJson, 'url' | 'expires_at'>;
  /** For the owner: the people the linked job or offer connects them with, not in the thread yet. */
  related?: readonly RelatedPersonJson[];
  /** For the owner: whether the thread may be deleted now (nobody else has written in it). */
  deletable?: boolean;
}

/** The page of the job or offer a thread links. */
export const linkedHref = ({ kind, id }: { kind: 'job' | 'service'; id: string }): string => (kind === 'job' ? `/jobs/${id}` : `/services/${id}`);

/** The words of a linked record a thread keeps, in the order its own page shows them. */
const SNAPSHOT_FIELDS: Record<'job' | 'service', readonly string[]> = {
  job: ['outcome', 'scope', 'deliverables', 'constraints', 'completion_checklist'],
  service: ['summary', 'capabilities', 'pricing_note'],
};

const hasWords = (value: unknown): boolean => (typeof value === 'string' && value.trim() !== '') || (Array.isArray(value) && value.length > 0);

/** What the snapshot holds of one field, as text or a list. */
const SnapshotValue = ({ value }: { value: unknown }) => {
  if (typeof value === 'string') return <Prose text={value} />;
  if (Array.isArray(value)) {
    return (
      <ul>
        {value.map((item) => (
          <li>{String(item)}</li>
        ))}
      </ul>
    );
  }
  return null;
};

const Linked = ({ linked }: { linked: NonNullable<ThreadJson['linked']> }) => {
  const snapshotTitle = typeof linked.snapshot.title === 'string' ? linked.snapshot.title : linked.id;
  const href = linkedHref(linked);
  const kept = SNAPSHOT_FIELDS[linked.kind].filter((name) => hasWords(linked.snapshot[name]));
  return (
    <section aria-labelledby="linked-heading">
      <h2 id="linked-heading">Linked {linked.kind === 'job' ? 'job' : 'offer'}</h2>
      <p>
        <a href={href}>{snapshotTitle}</a>
      </p>
      {/* The words the thread started from, kept: the record may have changed since. */}
      <details class="snapshot">
        <summary>
          How it read when this thread started (<Time iso={linked.snapshot_taken_at} />)
        </summary>
        <dl>
          <dt>Title</dt>
          <dd>{snapshotTitle}</dd>
          {kept.map((name) => (
            <>
              <dt>{labelOf(name)}</dt>
              <dd>
                <SnapshotValue value={linked.snapshot[name]} />
              </dd>
            </>
          ))}
        </dl>
        <Notice>{linked.notice}</Notice>
      </details>
    </section>
  );
};

/** One entry of the conversation: its kind first, so a blocker or a next step stands out where it was written. */
const EntryItem = ({ thread, entry, mine, open, refused }: { thread: ThreadJson; entry: EntryJson; mine: boolean; open: boolean; refused?: Refused | undefined }) => (
  <li class={entry.deleted ? 'entry tombstone' : 'entry'} id={entry.id}>
    <p class="meta">
      <strong class={`entry-kind kind-${entry.kind}`}>{ENTRY_KIND_WORDS[entry.kind] ?? entry.kind}</strong>
      <span>{entry.author.display_name}</span>
      <Time iso={entry.created_at} />
      {entry.updated_at !== entry.created_at && !entry.deleted ? <span>edited</span> : null}
    </p>
    {entry.deleted ? (
      <p class="muted">
        <em>
          Deleted by its author <Time iso={entry.updated_at} />.
        </em>
      </p>
    ) : (
      <Prose text={entry.text ?? ''} />
    )}
    {mine && open && !entry.deleted ? (
      <details open={Boolean(refused)}>
        <summary>Edit or delete</summary>
        <Form action={`/threads/${thread.id}/entries/${entry.id}`} idPrefix={`${entry.id}-`} values={refused?.values ?? { new_text: entry.text ?? '' }} errors={refused?.errors ?? {}}>
          <TextArea name="new_text" label="New text of the entry" required rows={3} maxLength={10_000} />
          <button type="submit">Save the entry</button>
        </Form>
        <ConfirmLink href={`/threads/${thread.id}/entries/${entry.id}/delete`}>Delete the entry</ConfirmLink>
      </details>
    ) : null}
  </li>
);

/**
 * The entries as a conversation: one list in the order they were written, oldest first, so a reply
 * always comes after what it answers (the service reads them by time written). Each says its kind;
 * there is no grouping by kind, which would put a reply above the message it answers. Editing an
 * entry keeps its place. The form to write the next one comes last, where the conversation ends.
 */
const Entries = ({ thread, refused, edit, open }: { thread: ThreadJson; refused?: Refused | undefined; edit?: ThreadViewProps['entryEdit']; open: boolean }) => {
  const { actor } = usePageEnv();
  return (
    <section aria-labelledby="entries-heading">
      <h2 id="entries-heading">
        Entries <span class="muted">(oldest first)</span>
      </h2>
      {thread.entries.length === 0 ? (
        <p class="muted">No entries yet.</p>
      ) : (
        <ol class="entries">
          {thread.entries.map((entry) => (
            <EntryItem thread={thread} entry={entry} mine={entry.author.principal_id === actor?.principalId} open={open} refused={edit?.entryId === entry.id ? edit : undefined} />
          ))}
        </ol>
      )}
      {open ? (
        <Form action={`/threads/${thread.id}/entries`} values={refused?.values ?? {}} errors={refused?.errors ?? {}}>
          <OnceField />
          <h3>Write an entry</h3>
          <Select name="kind" label="Kind" options={ENTRY_KIND_WORDS} />
          <TextArea name="entry_text" label="Entry text" required rows={4} maxLength={10_000} />
          <button type="submit">Add the entry</button>
        </Form>
      ) : refused?.values.entry_text ? (
        // An entry refused because the thread was archived meanwhile: what was typed, to keep.
        <Unsent
          id="unsent-entry-title"
          title="Your entry was not added"
          why="The thread was archived while you were writing. Here is your text, to keep."
          text={refused.values.entry_text}
          heading="h3"
        />
      ) : null}
    </section>
  );
};

/**
 * One checklist item. On an open thread its box is a button in a form of its own, so one click saves
 * that one tick, with or without JavaScript. The form sends the value the person asks for (`done`
 * true or false), never "the other way round": if someone ticked the item meanwhile, ticking it again
 * changes nothing instead of undoing their tick. For screen readers it is a toggle button named by
 * the item, pressed when done.
 */
const ChecklistRow = ({ thread, item, mine, open }: { thread: ThreadJson; item: ChecklistItemJson; mine: boolean; open: boolean }) => (
  <li id={`item-${item.id}`}>
    {open ? (
      <form method="post" action={`/threads/${thread.id}/checklist/${item.id}/tick`} class="inline">
        <CsrfField />
        <input type="hidden" name="done" value={item.done ? 'false' : 'true'} />
        <button type="submit" class={item.done ? 'tick done' : 'tick'} aria-pressed={item.done ? 'true' : 'false'} title={item.done ? 'Untick' : 'Tick'}>
          <span class="box" aria-hidden="true">
            {item.done ? '✓' : ''}
          </span>
          {item.text}
        </button>
      </form>
    ) : (
      <span class={item.done ? 'tick done' : 'tick'}>
        <span class="box" aria-hidden="true">
          {item.done ? '✓' : ''}
        </span>
        {item.text}
        <span class="visually-hidden">{item.done ? ' (done)' : ' (not done)'}</span>
      </span>
    )}
    <small class="muted"> added by {item.added_by.display_name}</small>
    {mine && open ? <ConfirmLink href={`/threads/${thread.id}/checklist/${item.id}/remove`}>{`Remove “${item.text}”`}</ConfirmLink> : null}
  </li>
);

const Checklist = ({ thread, refused, open }: { thread: ThreadJson; refused?: Refused | undefined; open: boolean }) => {
  const { actor } = usePageEnv();
  const done = thread.checklist.filter((item) => item.done).length;
  return (
    <section aria-labelledby="checklist-heading">
      <h2 id="checklist-heading">
        Checklist <span class="muted">({done} of {thread.checklist.length} done)</span>
      </h2>
      {thread.checklist.length ? (
        <>
          {open ? <p class="muted">Click an item to tick it, or again to untick it: each tick is saved at once, for everyone in the thread.</p> : null}
          <ul class="checklist">
            {thread.checklist.map((item) => (
              <ChecklistRow thread={thread} item={item} mine={item.added_by.principal_id === actor?.principalId} open={open} />
            ))}
          </ul>
        </>
      ) : (
        <p class="muted">No checklist items yet.</p>
      )}
      {open ? (
        <Form action={`/threads/${thread.id}/checklist`} values={refused?.values ?? {}} errors={refused?.errors ?? {}}>
          <Field name="item_text" label="New checklist item" required maxLength={500} />
          <button type="submit">Add the item</button>
        </Form>
      ) : null}
    </section>
  );
};

const Summary = ({ thread, refused, open }: { thread: ThreadJson; refused?: ThreadViewProps['summary']; open: boolean }) => (
  <section aria-labelledby="summary-heading">
    <h2 id="summary-heading">Summary</h2>
    {thread.summary ? <Prose text={thread.summary} /> : <p class="muted">No summary yet.</p>}
    {refused?.conflict ? (
      <div class="conflict" role="alert">
        <p>
          <strong>Someone changed the summary while you were editing it.</strong> The summary above is the current one. Your text is kept below: compare the two, then save again to replace the current summary, or
          leave the page to keep it.
        </p>
      </div>
    ) : null}
    {open ? (
      <details open={Boolean(refused)}>
        <summary>Edit the summary</summary>
        <Form action={`/threads/${thread.id}/summary`} values={refused?.values ?? { summary: thread.summary }} errors={refused?.errors ?? {}}>
          <input type="hidden" name="expected_version" value={String(thread.summary_version)} />
          <TextArea name="summary" label="Summary" rows={6} required={false} maxLength={20_000} hint="Any participant may edit it. If someone else saves first, you will see both texts." />
          <button type="submit">Save the summary</button>
        </Form>
      </details>
    ) : null}
  </section>
);

/** The owner's way to invite: choose someone the linked record connects them with, or make a one-time link for anyone. */
const InviteForm = ({ thread, related, refused }: { thread: ThreadJson; related: readonly RelatedPersonJson[]; refused?: Refused | undefined }) => {
  const choices = related.filter((person) => !person.invited);
  const what = thread.linked?.kind === 'service' ? 'offer' : 'job';
  return (
    <Form action={`/threads/${thread.id}/invites`} values={refused?.values ?? {}} errors={refused?.errors ?? {}}>
      {choices.length ? (
        <>
          <Select
            name="invitee"
            label="Person to invite"
            hint={`People the linked ${what} connects you with. The invitation waits on their Threads page; nothing is sent.`}
            options={choices.map((person) => ({ value: person.principal_id, label: person.display_name }))}
          />
          <button type="submit" name="kind" value="named">
            Invite this person
          </button>{' '}
        </>
      ) : (
        <>
          {/* A refused choice is explained even when nobody is left to choose. */}
          <FieldError name="invitee" />
          <p class="muted">
            {thread.linked
              ? `Nobody else to choose: the linked ${what} connects you with no one outside this thread who has not been invited.`
              : 'This thread links no job or offer, so there is nobody to choose from.'}{' '}
            To invite someone else, make a link and share it yourself.
          </p>
        </>
      )}
      <button type="submit" name="kind" value="link" class="secondary">
        Create a link anyone may use once
      </button>
    </Form>
  );
};

const People = ({
  thread,
  isOwner,
  open,
  refused,
  newInvite,
  related,
}: {
  thread: ThreadJson;
  isOwner: boolean;
  open: boolean;
  refused?: Refused | undefined;
  newInvite?: Pick<InviteJson, 'url' | 'expires_at'> | undefined;
  related: readonly RelatedPersonJson[];
}) => {
  // Invitations name their person by id; the page names those it knows.
  // Everyone the page can name: a person who left still wrote entries or items under their name.
  const nameOf = new Map(
    [...thread.entries.map((entry) => entry.author), ...thread.checklist.map((item) => item.added_by), ...thread.participants, ...related].map((person) => [
      person.principal_id,
      person.display_name,
    ]),
  );
  return (
    <section aria-labelledby="people-heading">
      <h2 id="people-heading">Participants</h2>
      <ul class="people">
        {thread.participants.map((person) => (
          <li>
            <a href={`/principals/${person.principal_id}`}>{person.display_name}</a>{' '}
            <span class="muted">
              {person.role === 'owner' ? 'owner' : 'participant'}, joined <Time iso={person.joined_at} />
            </span>
            {isOwner && open && person.role !== 'owner' ? (
              <ConfirmLink href={`/threads/${thread.id}/participants/${person.principal_id}/remove`}>{`Remove ${person.display_name}`}</ConfirmLink>
            ) : null}
          </li>
        ))}
      </ul>
      {isOwner ? (
        <>
          <h3>Invitations</h3>
          {newInvite?.url ? (
            <div class="new-invite" role="status">
              <p>
                <strong>Your invitation link</strong> (shown only now; it works once and expires <Time iso={newInvite.expires_at} mode="exact" />). Share it
                yourself: nothing is sent.
              </p>
              <p>
                <code class="invite-link" data-copy>
                  {newInvite.url}
                </code>
              </p>
            </div>
          ) : null}
          {thread.invites && thread.invites.length ? (
            <StackedTable columns={['For', 'Status', 'Expires', <span class="visually-hidden">Action</span>]}>
              {thread.invites.map((invite) => (
                <tr>
                  <td data-label="For">
                    {invite.invitee_principal_id ? (
                      <a href={`/principals/${invite.invitee_principal_id}`}>{nameOf.get(invite.invitee_principal_id) ?? 'a named person'}</a>
                    ) : (
                      'anyone with the link'
                    )}
                  </td>
                  <td data-label="Status">
                    {INVITE_WORDS[invite.status] ?? invite.status}
                    {invite.accepted_by_principal_id ? <AcceptedBy id={invite.accepted_by_principal_id} name={nameOf.get(invite.accepted_by_principal_id)} /> : null}
                  </td>
                  <td data-label="Expires">
                    {/* An accepted or revoked invitation no longer expires: the cell says what became of it instead. */}
                    {invite.status === 'pending' || invite.status === 'expired' ? <Time iso={invite.expires_at} /> : INVITE_WORDS[invite.status]}
                  </td>
                  <td>
                    {invite.status === 'pending' && open ? (
                      <ConfirmLink href={`/threads/${thread.id}/invites/${invite.id}/revoke`}>Revoke</ConfirmLink>
                    ) : null}
                  </td>
                </tr>
              ))}
            </StackedTable>
          ) : (
            <p class="muted">No invitations yet.</p>
          )}
          {open ? <InviteForm thread={thread} related={related} refused={refused} /> : null}
        </>
      ) : null}
    </section>
  );
};

/** Who joined with an accepted invitation: their name while they take part, else that they have left. */
const AcceptedBy = ({ id, name }: { id: string; name: string | undefined }) =>
  name ? (
    <>
      {' by '}
      <a href={`/principals/${id}`}>{name}</a>
    </>
  ) : (
    <span class="muted"> by someone no longer in the thread</span>
  );

/** The thread page: what it is about, the summary, the checklist, the entries, the people and what may be done. */
export const ThreadView = (props: ThreadViewProps) => {
  const { thread } = props;
  const { actor } = usePageEnv();
  const isOwner = actor?.principalId === thread.owner.principal_id;
  const open = thread.status === 'open';
  return (
    <>
      <h1>{thread.title}</h1>
      <p class="meta thread-meta">
        <ThreadStatus value={thread.status} />
        <span>Owner: {thread.owner.display_name}</span>
        <span>
          Started <Time iso={thread.created_at} />
        </span>
        <span>
          Changed <Time iso={thread.updated_at} />
        </span>
      </p>
      {open ? null : (
        <p class="notice-archived" role="note">
          This thread is archived: it can be read and exported, but not changed{isOwner ? ' until you reopen it' : ' until its owner reopens it'}.
        </p>
      )}
      {isOwner && open ? (
        <details open={Boolean(props.title)}>
          <summary>Rename the thread</summary>
          <Form action={`/threads/${thread.id}/title`} values={props.title?.values ?? { title: thread.title }} errors={props.title?.errors ?? {}}>
            <Field name="title" label="Title" required maxLength={200} />
            <button type="submit">Save the title</button>
          </Form>
        </details>
      ) : null}
      {thread.linked ? <Linked linked={thread.linked} /> : null}
      <Summary thread={thread} refused={props.summary} open={open} />
      <Checklist thread={thread} refused={props.item} open={open} />
      <Entries thread={thread} refused={props.entry} edit={props.entryEdit} open={open} />
      <People thread={thread} isOwner={isOwner} open={open} refused={props.invite} newInvite={props.newInvite} related={props.related ?? []} />
      <section aria-labelledby="export-heading">
        <h2 id="export-heading">Export</h2>
        <ExportLinks threadId={thread.id} />
      </section>
      <section aria-labelledby="actions-heading">
        <h2 id="actions-heading">This thread</h2>
        <p class="actions">
          {isOwner && open ? <ActionButton action={`/threads/${thread.id}/archive`} label="Archive the thread" variant="secondary" /> : null}
          {isOwner && !open ? <ActionButton action={`/threads/${thread.id}/reopen`} label="Reopen the thread" /> : null}
          {isOwner ? null : <ConfirmLink href={`/threads/${thread.id}/leave`}>Leave the thread</ConfirmLink>}
        </p>
        {isOwner && open && props.deletable ? (
          <p>
            <ConfirmLink href={`/threads/${thread.id}/delete`}>Delete the thread</ConfirmLink>
          </p>
        ) : null}
        {isOwner && open && !props.deletable ? (
          <p class="muted">Others have written in this thread, so it cannot be deleted; archive it to close it.</p>
        ) : null}
      </section>
      <Notice>{thread.notice}</Notice>
    </>
  );
};

/** The thread's two downloads, on its page and on the page that answers an export asked for in no format it has. */
export const ExportLinks = ({ threadId }: { threadId: string }) => (
  <p>
    <a href={`/threads/${threadId}/export?format=md`} download>
      Download as Markdown
    </a>{' '}
    ·{' '}
    <a href={`/threads/${threadId}/export?format=json`} download>
      Download as JSON
    </a>
  </p>
);
