import { ActionButton } from '../../kit/form.tsx';

/**
 * The way to a private thread with one person about a job or an offer: a link to the thread the two
 * already share (`threads.sharedThreads`), else the one-button form that starts it (or leads to the
 * invitation waiting for the person).
 */
export const ThreadWith = ({ action, person, threadId, named = true }: {
  /** The record's `…/{id}/thread` form address. */
  action: string;
  person: { principal_id: string; display_name: string };
  threadId: string | undefined;
  /** Whether the words name the person (not beside a response that already does). */
  named?: boolean;
}) =>
  threadId ? (
    <p>
      <a href={`/threads/${threadId}`} class="button secondary">
        {named ? `Open your private thread with ${person.display_name}` : 'Open your private thread'}
      </a>
    </p>
  ) : (
    <ActionButton action={action} fields={{ with: person.principal_id }} label={named ? `Start a private thread with ${person.display_name}` : 'Start a private thread'} />
  );
