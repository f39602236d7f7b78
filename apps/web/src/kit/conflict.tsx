import { createHash } from 'node:crypto';
import { StackedTable } from './blocks.tsx';
import type { FormValues } from './form.tsx';
import { labelOf } from './messages.ts';

/** A field's text as compared: browsers send a text box's line breaks as CRLF, and edges do not count. */
const normal = (value: string | undefined): string => (value ?? '').replace(/\r\n?/g, '\n').trim();

const digest = (value: string | undefined): string => createHash('sha256').update(normal(value)).digest('base64url').slice(0, 8);

/**
 * What an edit form was drawn from, sent back hidden in `_base`: a digest of each field's value as
 * saved then. When the edit meets someone else's change, it tells which fields this person changed.
 */
export const baseOf = (fields: readonly string[], drawnFrom: FormValues): string => fields.map((field) => digest(drawnFrom[field])).join('.');

export const BaseField = ({ value }: { value: string }) => <input type="hidden" name="_base" value={value} />;

/** A version conflict met by an edit: the record as saved now, the fields this person changed, and what they sent. */
export interface EditConflictState {
  saved: FormValues;
  changed: string[];
  mine: FormValues;
}

/**
 * The version an edit form shown again carries. After a conflict it is the version saved now (`current`);
 * refused for what it says, it is the one the form was drawn from, which it sent (else `drawn`): the
 * service checks the text before the version, so a change made meanwhile must still meet the person as a
 * conflict when they send the form again, not be overwritten by the fields they never touched.
 */
export const versionAfterRefusal = (sent: string | undefined, drawn: number, current?: { version: number }): number => {
  if (current) return current.version;
  const version = sent === undefined || sent.trim() === '' ? Number.NaN : Number(sent);
  return Number.isInteger(version) && version > 0 ? version : drawn;
};

/**
 * An edit form shown again after a refusal. Refused for what it says, it keeps what was `sent` and the
 * base it was drawn from (`base`, the `_base` it came with; else drawn from `drawnFrom`). After a
 * version conflict (`saved`: the record as saved now) it holds `saved` with this person's own changes
 * on top, the fields whose text differs from the base (every field when the form sent none), and its
 * base is drawn again from `saved`: saving it keeps the other person's changes to the other fields.
 */
export const formAfterRefusal = (
  fields: readonly string[],
  sent: FormValues,
  base: string | undefined,
  drawnFrom: FormValues,
  saved?: FormValues,
): { values: FormValues; base: string; conflict?: EditConflictState } => {
  if (!saved) return { values: sent, base: base ?? baseOf(fields, drawnFrom) };
  const digests = base?.split('.');
  const known = digests !== undefined && digests.length === fields.length;
  const changed = fields.filter((field, index) => !known || digest(sent[field]) !== digests[index]);
  const values = { ...saved, ...Object.fromEntries(changed.map((field) => [field, sent[field] ?? ''])) };
  return { values, base: baseOf(fields, saved), conflict: { saved, changed, mine: sent } };
};

/**
 * The words of a form's choices, by field (a select's value → the answer it shows), so a change of
 * answer reads as the person chose it ("Partly"), never as the value the service stores (`partly`).
 */
export type ChoiceWords = Readonly<Record<string, Readonly<Record<string, string>>>>;

const shown = (words: ChoiceWords | undefined, field: string, value: string | undefined): string => words?.[field]?.[value ?? ''] ?? (value || '(empty)');

/**
 * The fields this person changed whose text differs from the version saved meanwhile: the saved value
 * beside theirs. The form below it holds theirs, so the person sees exactly what saving again replaces.
 */
export const Changes = ({ fields, saved, mine, words }: { fields: readonly string[]; saved: FormValues; mine: FormValues; words?: ChoiceWords | undefined }) => {
  const changed = fields.filter((field) => normal(saved[field]) !== normal(mine[field]));
  if (changed.length === 0) return <p>Your changes and the saved version are the same.</p>;
  return (
    <StackedTable columns={['Field', 'Saved now', 'Your edit']}>
      {changed.map((field) => (
        <tr>
          <td data-label="Field">{labelOf(field)}</td>
          <td data-label="Saved now" class="prose">
            {shown(words, field, saved[field])}
          </td>
          <td data-label="Your edit" class="prose">
            {shown(words, field, mine[field])}
          </td>
        </tr>
      ))}
    </StackedTable>
  );
};

/** An edit form's answer to a version conflict: what happened, and the table of what differs. */
export const EditConflict = ({ what, conflict: { changed, saved, mine }, words }: { what: string; conflict: EditConflictState; words?: ChoiceWords }) => (
  // The form below marks no field (the saved record with the person's changes on top), so this message
  // is announced and takes the focus, as a form's own message does.
  <section class="conflict" aria-labelledby="conflict-title" role="alert" tabindex={-1} autofocus>
    <h2 id="conflict-title">Someone changed this {what} while you were editing</h2>
    <p>
      Nothing was saved. The form below holds the {what} as saved now with your changes on top. Here is where your changes differ from
      what was saved meanwhile; save again to keep them.
    </p>
    <Changes fields={changed} saved={saved} mine={mine} words={words} />
  </section>
);
