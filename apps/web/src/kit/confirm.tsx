import type { ComponentChildren } from 'preact';
import { ActionButton } from './form.tsx';

/**
 * The one pattern for a change that cannot be undone: the button on the record's page is a link
 * (`ConfirmLink`, its words end in "…") to a page of its own that says what will happen (`ConfirmPage`);
 * only that page's button posts the change. Without JavaScript, and the same on every page.
 */
export const ConfirmLink = ({ href, children }: { href: string; children: ComponentChildren }) => (
  <a href={href} class="button secondary outline small">
    {children}…
  </a>
);

export const ConfirmPage = ({
  question,
  action,
  fields,
  confirm,
  back,
  keep = 'Keep it',
  children,
}: {
  /** The heading: the change as a question ("Remove “Chairs”?"). */
  question: string;
  /** Where the confirming button posts, with its hidden fields. */
  action: string;
  fields?: Record<string, string>;
  /** The confirming button's words ("Yes, remove it"). */
  confirm: string;
  /** Where "Keep it" leads: the page the person came from. */
  back: string;
  keep?: string;
  /** What the change does and what stays, in plain words. */
  children: ComponentChildren;
}) => (
  <>
    <h1>{question}</h1>
    {children}
    <div class="actions">
      <ActionButton action={action} fields={fields} label={confirm} variant="danger" />
      <a href={back}>{keep}</a>
    </div>
  </>
);
