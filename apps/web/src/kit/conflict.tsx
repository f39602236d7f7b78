import { StackedTable } from './blocks.tsx';
import type { FormValues } from './form.tsx';
import { labelOf } from './messages.ts';

/**
 * What someone else saved while this person was editing, field by field: the saved value beside the
 * one being sent, for the fields that differ. The edit form below it sends every field, so saving
 * again replaces what they saved: the person sees exactly what before deciding.
 */
export const Changes = ({ fields, saved, mine }: { fields: readonly string[]; saved: FormValues; mine: FormValues }) => {
  const changed = fields.filter((field) => (saved[field] ?? '').trim() !== (mine[field] ?? '').trim());
  if (changed.length === 0) return <p>Your edit and the saved version are the same.</p>;
  return (
    <StackedTable columns={['Field', 'Saved now', 'Your edit']}>
      {changed.map((field) => (
        <tr>
          <td data-label="Field">{labelOf(field)}</td>
          <td data-label="Saved now" class="prose">
            {saved[field] || '(empty)'}
          </td>
          <td data-label="Your edit" class="prose">
            {mine[field] || '(empty)'}
          </td>
        </tr>
      ))}
    </StackedTable>
  );
};

/** An edit form's answer to a version conflict: what happened, and the table of what differs. */
export const EditConflict = ({ what, fields, saved, mine }: { what: string; fields: readonly string[]; saved: FormValues; mine: FormValues }) => (
  <section class="conflict" aria-labelledby="conflict-title">
    <h2 id="conflict-title">Someone changed this {what} while you were editing</h2>
    <p>
      Nothing was saved. Here is what differs between the {what} as saved now and your edit. Save again to keep your edit.
    </p>
    <Changes fields={fields} saved={saved} mine={mine} />
  </section>
);
