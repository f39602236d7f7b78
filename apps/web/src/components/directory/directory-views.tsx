import type { GrantView } from '@svc/access';
import type { HistoryItemJson, OwnerEntryJson, ResolutionJson } from '@svc/directory';
import { EmptyState, StackedTable } from '../../kit/blocks.tsx';
import { ActionButton, Check, CsrfField, Field, Fold, Form, Select, TextArea, type FieldErrors, type FormValues } from '../../kit/form.tsx';
import { ConfirmLink } from '../../kit/confirm.tsx';
import { BaseField, Changes, type EditConflictState } from '../../kit/conflict.tsx';
import { dayInWords, Time } from '../../kit/time.tsx';
import { OnceField } from '../../kit/once-field.tsx';

/** Plain words for the directory's values. */
export const ENTRY_TYPE_WORDS: Record<string, string> = { person: 'Person', organisation: 'Organisation', agent: 'Agent' };
export const DESTINATION_TYPE_WORDS: Record<string, string> = {
  web: 'Website',
  email: 'E-mail',
  phone: 'Phone',
  a2a_agent_card: 'Agent card (A2A)',
  mcp: 'MCP server',
};
export const AUDIENCE_WORDS: Record<string, string> = { public: 'Anyone', signed_in: 'Signed-in people and agents only' };
const ENTRY_STATUS_WORDS: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  expired: 'Expired',
  removed: 'Removed',
  suspended: 'Suspended by support',
  retired: 'Retired',
};
const ACTION_WORDS: Record<string, string> = {
  register: 'Registered',
  update: 'Edited details',
  destination_add: 'Added a destination',
  destination_update: 'Changed a destination',
  destination_remove: 'Removed a destination',
  pause: 'Paused',
  reactivate: 'Reactivated',
  renew: 'Renewed',
  remove: 'Removed',
  restore: 'Restored',
  lock: 'Locked',
  unlock: 'Unlocked',
  set_agents: 'Changed which agents may edit',
  history_restore: 'Put back earlier values',
  suspend: 'Suspended by support',
  unsuspend: 'Suspension lifted by support',
};
const FIELD_WORDS: Record<string, string> = {
  display_name: 'Name',
  description: 'Description',
  entry_type: 'Kind',
  visibility: 'Visibility',
  term: 'Term',
  destinations: 'Destinations',
};

/** The choices of the entry form's selects, in the words a person picks from. */
const VISIBILITY_CHOICES: Record<string, string> = {
  public: 'Public: anyone can look it up, and it is listed',
  restricted: 'Restricted: only signed-in people and agents can look it up',
};
const TERM_CHOICES: Record<string, string> = { temporary: 'Temporary: expires 30 days out unless renewed', ongoing: 'Ongoing: no expiry' };

export const EntryStatus = ({ value }: { value: string }) => (
  <span class={`status status-${value}`}>{ENTRY_STATUS_WORDS[value] ?? value}</span>
);

/** Where a destination leads: a link for web addresses, the plain value otherwise. */
const Uri = ({ type, uri }: { type: string; uri: string }) =>
  type === 'email' ? (
    <a href={`mailto:${uri}`}>{uri}</a>
  ) : type === 'phone' ? (
    <a href={`tel:${uri}`}>{uri}</a>
  ) : (
    <a href={uri} rel="nofollow noopener">
      {uri}
    </a>
  );

/** Where a visitor signs in to come back to `path`. */
export const signInTo = (path: string): string => `/login?next=${encodeURIComponent(path)}`;

/**
 * What resolution shows: the address, who it is, and the destinations this visitor may see. `withheld`
 * counts the approved destinations kept for signed-in people (the service's answer, 0 when signed in):
 * the sign-in note appears only when there is something to see by signing in.
 */
export const ResolutionView = ({ entry, signedIn, withheld }: { entry: ResolutionJson; signedIn: boolean; withheld: number }) => (
  <>
    <h1>{entry.display_name}</h1>
    <p class="meta">
      <code>{entry.address}</code> · {ENTRY_TYPE_WORDS[entry.entry_type] ?? entry.entry_type}
      {entry.expiry ? (
        <>
          {' '}
          · expires <Time iso={entry.expiry} />
        </>
      ) : null}
    </p>
    {entry.description ? <p class="prose">{entry.description}</p> : null}
    <h2>How to reach them</h2>
    {entry.destinations.length ? (
      <StackedTable columns={['Kind', 'Where', 'Label']}>
        {entry.destinations.map((destination) => (
          <tr>
            <td data-label="Kind">
              {DESTINATION_TYPE_WORDS[destination.type] ?? destination.type}
              {destination.preferred ? <strong> (preferred)</strong> : null}
            </td>
            <td data-label="Where" class="break">
              <Uri type={destination.type} uri={destination.uri} />
            </td>
            <td data-label="Label">{destination.label}</td>
          </tr>
        ))}
      </StackedTable>
    ) : (
      <EmptyState title={signedIn ? 'No destinations are shared at this address.' : 'No public destinations are shared at this address.'} />
    )}
    {withheld > 0 ? (
      <p>
        {withheld === 1 ? '1 destination is' : `${withheld} destinations are`} shown only to signed-in people.{' '}
        <a href={signInTo(`/directory/${entry.address}`)}>Sign in</a> to see {withheld === 1 ? 'it' : 'them'}.
      </p>
    ) : null}
    <p class="muted">The directory does not disclose who owns an address.</p>
  </>
);

/**
 * The one page for every address that cannot be shown: it never says why. A signed-out visitor is
 * offered sign-in back to this address (`signIn`), worded for every reason alike, since a restricted
 * address resolves once they are signed in and nothing may tell it apart from an unknown one.
 */
export const UnavailablePage = ({ signIn }: { signIn?: string | undefined }) => (
  <section class="error-page">
    <h1>This address is not available</h1>
    <p>There is nothing to show at this address. Check how it is spelt, or search the directory for the name.</p>
    {signIn ? (
      <p>
        Some addresses are shown only to signed-in people. <a href={signIn}>Sign in</a> and you will come back here.
      </p>
    ) : null}
    <p>
      <a href="/directory">Search the directory</a>
    </p>
    <p class="muted">
      <small>
        Reference: <code>unavailable</code>
      </small>
    </p>
  </section>
);

/** Why nobody can look up an entry, said to its owner, with what brings it back. */
const HIDDEN_WORDS: Record<string, string> = {
  paused: 'It is paused: nobody can look it up until you reactivate it.',
  expired: 'It has expired: nobody can look it up until you renew it.',
  removed: 'It is removed: nobody can look it up. You can restore it for 30 days after removing it.',
  suspended: 'Support suspended it: nobody can look it up until support lifts the suspension.',
  retired: 'It is retired: nobody can look it up any more.',
};

/**
 * The public page of an entry nobody can look up, as its owner sees it (only the owner: anyone else
 * gets `UnavailablePage`, which never says why): it is theirs, why it is hidden, and where to manage it.
 */
export const OwnHiddenPage = ({ entry }: { entry: OwnerEntryJson }) => (
  <section class="error-page">
    <h1>Your entry is hidden</h1>
    <p>
      <code>{entry.address}</code> is yours. {HIDDEN_WORDS[entry.status] ?? 'Nobody else can look it up now.'}
    </p>
    <p>
      <a href={`/my/directory/${entry.address}`}>Manage {entry.address}</a>
    </p>
  </section>
);

/** One line per entry in discovery. */
export const EntryCards = ({ entries }: { entries: ResolutionJson[] }) => (
  <ul class="entry-list">
    {entries.map((entry) => (
      <li>
        <article>
          <h2 class="h3">
            <a href={`/directory/${entry.address}`}>{entry.display_name}</a>
          </h2>
          <p class="meta">
            <code>{entry.address}</code> · {ENTRY_TYPE_WORDS[entry.entry_type] ?? entry.entry_type} · {entry.destinations.length}{' '}
            {entry.destinations.length === 1 ? 'public destination' : 'public destinations'}
          </p>
          {entry.description ? <p>{entry.description}</p> : null}
        </article>
      </li>
    ))}
  </ul>
);

/** The fields of a destination (adding one, or the first one on registration). */
const DestinationFields = ({ prefix = '', values, required = true }: { prefix?: string; values: FormValues; required?: boolean }) => (
  <>
    <Select name={`${prefix}type`} label="Kind" options={DESTINATION_TYPE_WORDS} />
    <Field name={`${prefix}value`} label="Address, link or number" required={required} hint="https links; an e-mail address; a phone number such as +447700900123." />
    <Field name={`${prefix}label`} label="Label" />
    <Select name={`${prefix}audience`} label="Who may see it" options={AUDIENCE_WORDS} hint="An e-mail address is shown to signed-in people and agents only." />
    {/* A new destination is shown unless the person unticks it: one added as the form comes is what they meant to publish.
        A form sent back refused (its value field is among the values) keeps the box as it was sent. */}
    <Check
      name={`${prefix}approved_for_disclosure`}
      label="Show it to those who look up the address"
      checked={`${prefix}value` in values ? values[`${prefix}approved_for_disclosure`] === 'on' : true}
    />
  </>
);

/**
 * The problems one of the manage page's forms is about, with the form-level line ("") when it has
 * any, so only that form opens with a summary and takes the focus; the page's top shows the line
 * only for a refusal that marks no field (onAForm).
 */
const only = (errors: FieldErrors, mine: (field: string) => boolean): FieldErrors => {
  const marked = Object.entries(errors).filter(([field]) => field && mine(field));
  return Object.fromEntries(marked.length > 0 && errors[''] ? [...marked, ['', errors['']]] : marked);
};

/** Whether a field belongs to one of the manage page's forms (its details, a destination's, the new destination's). */
const onAForm = (field: string): boolean => DETAIL_FIELDS.includes(field) || field.startsWith('destination') || /^d\d+_/.test(field);

export const RegisterPage = ({ values, errors }: { values: FormValues; errors: FieldErrors }) => (
  <>
    <h1>Register an address</h1>
    <p>
      An address <code>aar:your-handle</code> is permanent: once registered it is never given to anyone else. Its destinations are the
      ways to reach you that someone looking it up is shown (a website, an e-mail address, a phone number, an agent's address),
      each only once you approve it.
    </p>
    <Form action="/my/directory/new" values={values} errors={errors}>
      <OnceField />
      <Field name="handle" label="Handle" required hint="3-40 lower-case letters, digits and single hyphens; your address becomes aar:handle." maxLength={40} />
      <Field name="display_name" label="Name" required maxLength={120} />
      <TextArea name="description" label="Description" maxLength={1000} />
      <Select name="entry_type" label="Kind" options={ENTRY_TYPE_WORDS} />
      <Select name="visibility" label="Visibility" options={VISIBILITY_CHOICES} />
      <Select name="term" label="Term" options={TERM_CHOICES} />
      <fieldset>
        <legend>First destination (optional)</legend>
        <DestinationFields prefix="destination_" values={values} required={false} />
      </fieldset>
      <button type="submit">Register the address</button>
    </Form>
  </>
);

const base = (entry: OwnerEntryJson) => `/my/directory/${entry.address}`;
const version = (entry: OwnerEntryJson) => ({ expected_version: String(entry.version) });

/** The owner's page of one entry: details, destinations, lifecycle, agents and history. */
/** The fields of the details form, in its order. */
export const DETAIL_FIELDS = ['display_name', 'description', 'entry_type', 'visibility', 'term'];

/** The form of the destination at `index` on the manage page names its fields `d<index>_…`. */
const destinationPrefix = (index: number) => `d${index}_`;

/**
 * Who may change the entry, in words. A limit whose chosen agents were all revoked since leaves none:
 * the limit holds (it never widens by itself), so the page says no agent can change it now.
 */
const agentsInWords = (entry: OwnerEntryJson, live: readonly GrantView[]): string => {
  if (entry.locked) return 'Locked: no agent can change this entry.';
  if (!entry.agent_limit) return 'Any agent you approved with directory access may change it.';
  const chosen = live.filter((grant) => entry.agent_limit!.includes(grant.grant_id)).map((grant) => grant.agent_name);
  if (chosen.length === 0) return 'No agent can change it now: the agents you chose are no longer approved. Choose again below, or tick none to let every agent with directory access change it.';
  return `Only ${chosen.length === 1 ? chosen[0] : `${chosen.slice(0, -1).join(', ')} and ${chosen.at(-1)}`} may change it.`;
};

export const ManagePage = ({
  entry,
  history,
  grants,
  waitingAgents,
  values,
  errors,
  detailsBase,
  detailsVersion,
  conflict,
}: {
  entry: OwnerEntryJson;
  history: HistoryItemJson[];
  grants: GrantView[];
  /** Agents approved that have not collected their token yet (listed on My agents): none has a grant to choose until it does. */
  waitingAgents: number;
  /** The forms' values: the details as saved (or as sent, or after a conflict merged), a refused destination form's as sent. */
  values: FormValues;
  errors: FieldErrors;
  /** What the details form was drawn from (kit/conflict.tsx). */
  detailsBase: string;
  /** The version the details form sends: the entry's, or after a refusal the one it was drawn from (versionAfterRefusal). */
  detailsVersion?: number;
  /** Someone changed the entry while the details were being edited: the details as saved now, the fields this person changed, and what they sent. */
  conflict?: EditConflictState | undefined;
}) => {
  const editable = entry.status !== 'removed' && entry.status !== 'retired';
  const underlying = entry.suspension?.underlying_status ?? entry.status;
  // Only an agent whose access includes the directory can ever change the entry, so only those are offered.
  const live = grants.filter((grant) => grant.status === 'active' && grant.scopes.includes('directory:write'));
  const approvedAny = grants.some((grant) => grant.status === 'active');
  // The destination form sent and refused (a destination's names itself by `prefix`, the new one's
  // sends its value): a refusal that marks no field (a version conflict) is told above that form,
  // opened with what was typed, not at the top of the page.
  const sent = /^d\d+_$/.test(values.prefix ?? '') ? values.prefix! : 'destination_value' in values ? 'destination_' : null;
  const errorsOf = (prefix: string): FieldErrors => {
    const mine = only(errors, (field) => field.startsWith(prefix));
    return sent === prefix && errors[''] ? { ...mine, '': errors[''] } : mine;
  };
  const addErrors = errorsOf('destination_');
  return (
    <>
      <h1>{entry.display_name || entry.address}</h1>
      {/* A refusal of marked fields is told above the form that holds them; anything else here. */}
      {errors[''] && sent === null && !Object.keys(errors).some((field) => field && onAForm(field)) ? (
        // Nothing to focus in a form: the message takes the focus, as a form's own message does.
        <p class="form-error" role="alert" tabindex={-1} autofocus>
          {errors['']}
        </p>
      ) : null}
      <dl class="facts">
        <dt>Address</dt>
        <dd>
          <code>{entry.address}</code>
          {entry.status === 'active' ? (
            <>
              {' '}
              · <a href={`/directory/${entry.address}`}>Public page</a>
            </>
          ) : null}
        </dd>
        <dt>Status</dt>
        <dd>
          <EntryStatus value={entry.status} />
        </dd>
        <dt>Version</dt>
        <dd>{entry.version}</dd>
        <dt>Expires</dt>
        <dd>{entry.expiry ? <Time iso={entry.expiry} mode="exact" /> : 'Never (ongoing)'}</dd>
        <dt>Agents</dt>
        <dd>
          {agentsInWords(entry, live)}
        </dd>
        {entry.removed_at && entry.restorable_until ? (
          <>
            <dt>Removed</dt>
            <dd>
              <Time iso={entry.removed_at} />; restorable until <Time iso={entry.restorable_until} mode="exact" />
            </dd>
          </>
        ) : null}
      </dl>
      {entry.suspension ? (
        <p class="notice" role="status">
          Support suspended this address: nobody can look it up until support lifts the suspension. Reason given: {entry.suspension.reason}
        </p>
      ) : null}

      <section aria-labelledby="lifecycle">
        <h2 id="lifecycle">Status and access</h2>
        <div class="actions">
          {underlying === 'active' ? <ActionButton action={`${base(entry)}/pause`} label="Pause" fields={version(entry)} variant="secondary" /> : null}
          {underlying === 'paused' ? <ActionButton action={`${base(entry)}/reactivate`} label="Reactivate" fields={version(entry)} /> : null}
          {entry.term === 'temporary' && editable ? <ActionButton action={`${base(entry)}/renew`} label="Renew (at least 30 days from today)" fields={version(entry)} variant="secondary" /> : null}
          {editable ? (
            entry.locked ? (
              <ActionButton action={`${base(entry)}/unlock`} label="Unlock for agents" fields={version(entry)} variant="secondary" />
            ) : (
              <ActionButton action={`${base(entry)}/lock`} label="Lock against agents" fields={version(entry)} variant="secondary" />
            )
          ) : null}
          {entry.status === 'removed' ? <ActionButton action={`${base(entry)}/restore`} label="Restore" fields={version(entry)} /> : null}
          {editable ? <ActionButton action={`${base(entry)}/remove`} label="Remove" fields={version(entry)} variant="danger" /> : null}
        </div>
      </section>

      {editable ? (
        <>
          <section aria-labelledby="details">
            <h2 id="details">Details</h2>
            {conflict ? (
              <div class="conflict">
                <p>
                  Someone changed the entry while you were editing, so nothing was saved. The form below holds the details as saved now with your
                  changes on top. Here is where your changes differ from what was saved meanwhile; save again to keep them.
                </p>
                <Changes fields={conflict.changed} saved={conflict.saved} mine={conflict.mine} />
              </div>
            ) : null}
            <Form action={`${base(entry)}/edit`} values={values} errors={only(errors, (field) => DETAIL_FIELDS.includes(field))}>
              <BaseField value={detailsBase} />
              <input type="hidden" name="expected_version" value={String(detailsVersion ?? entry.version)} />
              <Field name="display_name" label="Name" required maxLength={120} />
              <TextArea name="description" label="Description" maxLength={1000} />
              <Select name="entry_type" label="Kind" options={ENTRY_TYPE_WORDS} />
              <Select name="visibility" label="Visibility" options={VISIBILITY_CHOICES} />
              <Select name="term" label="Term" options={TERM_CHOICES} />
              <button type="submit">Save details</button>
            </Form>
          </section>

          <section aria-labelledby="destinations">
            <h2 id="destinations">Destinations</h2>
            <p class="muted">The ways to reach you that someone looking up the address is shown, each to the people you choose.</p>
            {entry.destinations.length ? null : <EmptyState title="No destinations yet." />}
            {entry.destinations.map((destination, index) => {
              const prefix = destinationPrefix(index);
              // This destination's form refused: what was typed, with the reasons on its fields.
              const refused = values.prefix === prefix;
              return (
              <article class="destination">
                <h3 class="h4">
                  {DESTINATION_TYPE_WORDS[destination.type] ?? destination.type}: {destination.label || destination.value}
                </h3>
                <p class="meta">
                  {destination.approved_for_disclosure ? 'Shown' : 'Not shown'} · {AUDIENCE_WORDS[destination.audience]}
                  {destination.preferred ? ' · preferred' : ''}
                </p>
                <Form
                  action={`${base(entry)}/destinations/${destination.id}`}
                  values={
                    refused
                      ? values
                      : { [`${prefix}value`]: destination.value, [`${prefix}label`]: destination.label, [`${prefix}audience`]: destination.audience }
                  }
                  errors={refused ? errorsOf(prefix) : {}}
                >
                  <input type="hidden" name="expected_version" value={String(entry.version)} />
                  <input type="hidden" name="prefix" value={prefix} />
                  <Field name={`${prefix}value`} label="Address, link or number" required />
                  <Field name={`${prefix}label`} label="Label" />
                  <Select name={`${prefix}audience`} label="Who may see it" options={AUDIENCE_WORDS} />
                  <Check
                    name={`${prefix}approved_for_disclosure`}
                    label="Show it to those who look up the address"
                    checked={refused ? values[`${prefix}approved_for_disclosure`] === 'on' : destination.approved_for_disclosure}
                  />
                  <Check name={`${prefix}preferred`} label="Preferred" checked={refused ? values[`${prefix}preferred`] === 'on' : destination.preferred} />
                  <button type="submit">Save destination</button>
                </Form>
                <ConfirmLink href={`${base(entry)}/destinations/${destination.id}/remove`}>Remove destination</ConfirmLink>
              </article>
              );
            })}
            {entry.destinations.length < 8 ? (
              <Fold summary="Add a destination" open={entry.destinations.length === 0} errors={addErrors}>
                <Form action={`${base(entry)}/destinations`} values={values} errors={addErrors}>
                  <input type="hidden" name="expected_version" value={String(entry.version)} />
                  <DestinationFields prefix="destination_" values={values} />
                  <button type="submit">Add the destination</button>
                </Form>
              </Fold>
            ) : (
              <p class="muted">An entry holds at most 8 destinations.</p>
            )}
          </section>

          <section aria-labelledby="agents">
            <h2 id="agents">Which agents may change it</h2>
            {live.length ? (
              <form method="post" action={`${base(entry)}/agents`}>
                <CsrfField />
                <input type="hidden" name="expected_version" value={String(entry.version)} />
                <fieldset>
                  <legend>Leave all unticked to let every agent with directory access change it.</legend>
                  {live.map((grant) => (
                    <Check
                      name={`grant_${grant.grant_id}`}
                      label={`${grant.agent_name} (approved ${dayInWords(grant.created_at)})`}
                      checked={entry.agent_limit?.includes(grant.grant_id) ?? false}
                    />
                  ))}
                </fieldset>
                <button type="submit" class="secondary">
                  Save agent choice
                </button>
              </form>
            ) : (
              <p class="muted">
                {approvedAny
                  ? 'None of the agents you approved has access to the directory, so none can change it.'
                  : waitingAgents
                    ? 'No agent can change it yet.'
                    : 'You have not approved any agent yet.'}
              </p>
            )}
            {waitingAgents ? (
              <p class="muted">
                {waitingAgents === 1 ? 'An agent you approved has' : `${waitingAgents} agents you approved have`} not connected yet: an agent
                appears here once it has connected (collected its token). <a href="/account/agents">My agents</a> lists{' '}
                {waitingAgents === 1 ? 'it' : 'them'}.
              </p>
            ) : null}
          </section>
        </>
      ) : null}

      <section aria-labelledby="history">
        <h2 id="history">History (last 90 days, only you see it)</h2>
        <HistoryTable entry={entry} history={history} editable={editable} />
      </section>
    </>
  );
};

const actorWords = (actor: HistoryItemJson['actor']): string =>
  actor.kind === 'support' ? 'Support' : actor.kind === 'agent' ? `Agent: ${actor.agent_name ?? 'unnamed'}` : 'You';

const previousWords = (previous: Record<string, unknown>): string =>
  Object.entries(previous)
    .map(([field, value]) =>
      field === 'destinations' && Array.isArray(value)
        ? `${value.length === 1 ? '1 destination' : `${value.length} destinations`}: ${value.map((d: { value: string; audience: string }) => `${d.value} (${AUDIENCE_WORDS[d.audience] ?? d.audience})`).join(', ') || 'none'}`
        : `${FIELD_WORDS[field] ?? field}: ${String(value)}`,
    )
    .join('; ');

const HistoryTable = ({ entry, history, editable }: { entry: OwnerEntryJson; history: HistoryItemJson[]; editable: boolean }) => (
  <table class="stack history">
    <thead>
      <tr>
        <th scope="col">Version</th>
        <th scope="col">What</th>
        <th scope="col">Who</th>
        <th scope="col">When</th>
        <th scope="col">Earlier values</th>
      </tr>
    </thead>
    <tbody>
      {history.map((record) => (
        <tr data-history={record.id}>
          <td data-label="Version">{record.version}</td>
          <td data-label="What">{ACTION_WORDS[record.action] ?? record.action}</td>
          <td data-label="Who">{actorWords(record.actor)}</td>
          <td data-label="When">
            <Time iso={record.at} />
          </td>
          <td data-label="Earlier values" class="break">
            {record.previous ? (
              <>
                <span>{previousWords(record.previous)}</span>
                {editable ? (
                  <form method="post" action={`${base(entry)}/history/${record.id}/restore`} class="inline">
                    <CsrfField />
                    <input type="hidden" name="expected_version" value={String(entry.version)} />
                    <button type="submit" class="outline small" aria-label={`Put back the values from before version ${record.version}`}>
                      Put back
                    </button>
                  </form>
                ) : null}
              </>
            ) : (
              '—'
            )}
          </td>
        </tr>
      ))}
    </tbody>
  </table>
);

/** The signed-in person's entries. */
export const MineList = ({ entries }: { entries: OwnerEntryJson[] }) =>
  entries.length ? (
    <StackedTable columns={['Address', 'Name', 'Status', 'Expires']}>
      {entries.map((entry) => (
        <tr>
          <td data-label="Address">
            <a href={`/my/directory/${entry.address}`}>{entry.address}</a>
          </td>
          <td data-label="Name">{entry.display_name || '—'}</td>
          <td data-label="Status">
            <EntryStatus value={entry.status} />
          </td>
          <td data-label="Expires">{entry.expiry ? <Time iso={entry.expiry} /> : 'Never'}</td>
        </tr>
      ))}
    </StackedTable>
  ) : (
    <EmptyState title="You have no directory entries yet.">
      <p>Register an address, then add the places where people and agents can reach you.</p>
    </EmptyState>
  );
