import { DIRECTION_CONTROL_REFUSED, reasonOf, type ContactDetailKind, type ValidationIssue } from '@svc/kernel';

/**
 * The website's one catalogue of words for refused input. The API's `details[].message` is written
 * for the agents that read it and keeps its text; the contract fixes codes, not texts (docs/web.md).
 * Here each problem becomes one sentence for a person: the field's label, what is wrong, and an
 * example of what works.
 */

/** Labels of fields by form name, for messages and the error summary; others are made from the name. */
const LABELS: Record<string, string> = {
  display_name: 'Display name',
  email: 'E-mail',
  password: 'Password',
  new_password: 'New password',
  current_password: 'Current password',
  recovery_code: 'Recovery code',
  title: 'Title',
  outcome: 'Outcome',
  scope: 'Scope',
  deliverables: 'Deliverables',
  constraints: 'Constraints',
  budget: 'Budget amount',
  budget_currency: 'Currency',
  fee_treatment: 'Fee',
  response_deadline: 'Respond by',
  delivery_deadline: 'Deliver by',
  timezone: 'Time zone',
  completion_checklist: 'Done when',
  tags: 'Tags',
  tag: 'Tag',
  role: 'Role',
  industry: 'Industry',
  summary: 'Summary',
  capabilities: 'Capabilities',
  contact_url: 'Contact link',
  pricing_note: 'Pricing note',
  message: 'Message',
  // Feedback on an offer, whose form asks in questions.
  needs_met: 'Were your needs met?',
  // A report's reason, asked as a question on its form.
  reason: 'What is wrong?',
  capability: 'Capability',
  comment: 'Comment',
  source_links: 'Links',
  published: 'Who may read it',
  text: 'Message',
  // A reply to feedback, whose service field (`text`) is labelled "Reply to <author>" on the page.
  reply_text: 'Your reply',
  // Support's reasons and resolutions, whose forms ask in a phrase ("Hide this feedback, because").
  hide_reason: 'Reason for hiding this feedback',
  suspend_reason: 'Reason for suspending this address',
  // A thread's forms, whose service field (`text`) has a name of its own on the page.
  entry_text: 'Entry text',
  new_text: 'New text of the entry',
  item_text: 'New checklist item',
  kind: 'Kind',
  // The directory search's filter, labelled "Kind" as the entry's type is on its forms.
  type: 'Kind',
  handle: 'Handle',
  destination_value: 'Address, link or number',
  // The directory's own paths for the destination a form sends in its destination_* fields.
  destination: 'Address, link or number',
  destinations: 'Address, link or number',
  destination_label: 'Label',
  destination_audience: 'Who may see it',
  'details.child_name': 'Who the party is for',
  'details.age': 'Age they are turning',
  'details.date': 'Date of the party',
  'details.start_time': 'Start time',
  'details.guest_count': 'Number of guests',
  'details.general_area': 'General area',
  'details.theme': 'Theme',
  'details.budget': 'Party budget',
  'details.budget.amount': 'Party budget amount',
  'details.budget.currency': 'Party budget currency',
  'details.dietary_notes': 'Dietary notes',
  'details.activities': 'Activities',
};

/** What a good value looks like, for the fields where an example helps. */
const EXAMPLES: Record<string, string> = {
  display_name: 'Sam Baker',
  email: 'sam@example.org',
  title: 'Plan a birthday party for 20 children',
  role: 'Party planner',
  industry: 'Events',
  tags: 'birthday, children',
  tag: 'garden',
  contact_url: 'https://example.org/contact',
  timezone: 'Europe/London',
  'details.general_area': 'Camden, London',
  'details.guest_count': '20',
  'details.age': '7',
};

/**
 * An offer's own examples, where the site-wide one is a job's: an offer's title names what the
 * provider does, not a task ("Enter a title, such as “Plan a birthday party…”" read as a job).
 * The offer forms pass them to `fieldErrorsOf`.
 */
export const OFFER_EXAMPLES: Readonly<Record<string, string>> = { title: 'Children’s party planning' };

/** A thread's title names the work it holds, not a job to post. The thread forms pass them. */
export const THREAD_EXAMPLES: Readonly<Record<string, string>> = { title: 'Planning Mia’s party' };

const lastPart = (name: string): string => name.split('.').at(-1) ?? name;

export const labelOf = (name: string): string => LABELS[name] ?? (lastPart(name).replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()) || 'This field');

const isCurrency = (name: string): boolean => name.endsWith('currency');
const isSlug = (name: string): boolean => /^(role|industry|tags?)$/.test(name);
const isLink = (name: string, message: string): boolean => /url$|link/.test(name) || /https URL|absolute URI/.test(message);

const sentence = (text: string): string => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** `examples`: the form's own, before the site-wide ones. */
const exampleIn = (examples: Readonly<Record<string, string>>) => (name: string): string => {
  const value = examples[name] ?? EXAMPLES[name];
  return value ? `, such as “${value}”` : '';
};
const example = exampleIn({});

/**
 * What to enter in an empty required field, as English: the label lower-cased with the article it
 * needs. "Enter a message", "Enter an e-mail", "Enter the entry text" (text and other mass nouns,
 * and a phrase such as "Date of the party" or "Age they are turning"), "Enter tags" (a plural),
 * "Enter who the party is for" (a question word).
 */
export const enterWords = (label: string): string => {
  const words = label.toLowerCase();
  if (/^(who|what|when|where|which|how)\b/.test(words)) return `Enter ${words}`;
  if (words.startsWith('current ')) return `Enter your ${words}`;
  if (/\b(text|information|advice)$/.test(words) || / (of|they|it|is|are) /.test(words)) return `Enter the ${words}`;
  if (/[^s]s$/.test(words)) return `Enter ${words}`;
  return `Enter ${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}`;
};

/** Words for the problems that depend on what the field holds, whatever the library called them. */
const byField = (name: string, label: string, message: string): string | null => {
  // On any field, an address too: the character cannot be seen, and usually came with pasted text.
  if (message === DIRECTION_CONTROL_REFUSED) {
    return `${label} holds an invisible character that turns the text around (U+202A–U+202E or U+2066–U+2069), usually pasted with it: type the text again rather than pasting it.`;
  }
  if (isCurrency(name)) return `Enter the currency as its three-letter code, such as GBP, EUR or USD.`;
  if (isSlug(name)) return `${label} can hold letters, numbers, spaces and hyphens${example(name)}.`;
  if (isLink(name, message)) return `${label} must be a secure web address starting with https://, such as https://example.org/contact.`;
  if (name === 'email' && /e-mail/.test(message)) return `Enter an e-mail address${example(name)}.`;
  if (name.endsWith('audience') && /e-mail addresses are never published/.test(message)) {
    return 'An e-mail address is shown to signed-in people and agents only, never to everyone: choose “Signed-in people and agents only”.';
  }
  // The directory's phone destinations: the service names the E.164 standard, which a person need not know.
  if (/E\.164/.test(message)) return `${label} must be a phone number starting with + and the country code, such as +447700900123.`;
  if (name.endsWith('current_password') && /not your current password/.test(message)) {
    return 'This does not match the password you sign in with: type your current password again. Forgotten it? Sign out and choose “Forgot your password?” on the sign-in page.';
  }
  // An agent's scopes can be narrowed but never emptied (the grants service): the way to take all away is revoking.
  if (name === 'scopes' && /keep at least one/.test(message)) return 'Keep at least one thing it may do. To take everything away, revoke the agent instead.';
  // A directory handle kept for the site's own use (`mine`, `admin`…): the way on is another one.
  if (name === 'handle' && /reserved/.test(message)) return 'Handle is kept for the site’s own use: choose another.';
  if (name === 'timezone') return `Enter the time zone as a region and a city, such as Europe/London or America/New_York.`;
  return null;
};

/**
 * Contact details in public text (`blocked_content`, whose details say what was `found`): what to
 * take out, and why nothing public needs it.
 */
const CONTACT_WORDS: Record<ContactDetailKind, (label: string, why: string, audience: TextAudience) => string> = {
  email_address: (label, why) => `Take out the e-mail address from “${label}”: ${why}.`,
  phone_number: (label, why) => `Take out the phone number from “${label}”: ${why}.`,
  // No destination holds a street address, so the directory's advice is the area alone.
  street_address: (label, _why, audience) =>
    `Take out the street address from “${label}”: a general area such as “Camden, London” is enough${audience === 'directory' ? '; the directory keeps no street addresses.' : ', and the rest is shared in a private thread.'}`,
};

/**
 * Who reads the text a form sends: `public` (jobs, offers, names, published feedback), `private`
 * (feedback kept between its author and the provider, and a reply to it) or `directory` (an entry's
 * name, description and destination labels, which may be restricted to signed-in people, and whose
 * contact details belong in a destination of the same entry). Contact details are refused in all;
 * only the reason given differs, so that it is true where it is read and says where they go.
 */
export type TextAudience = 'public' | 'private' | 'directory';

const CONTACT_WHY: Record<TextAudience, string> = {
  public: 'contact happens in private threads, never in public text',
  private: 'contact happens in private threads, not here',
  directory: 'add it as a destination of the entry instead, where you choose who may see it',
};

/** The date rules of a job, which the jobs service gives as reasons of its own. */
const DATE_WORDS: Record<string, (name: string, label: string) => string> = {
  deadline_past: (_name, label) => `${label} must be in the future: choose a later date and time.`,
  delivery_before_response: (name) =>
    name === 'delivery_deadline'
      ? `Deliver by must not be earlier than Respond by: the work comes after the responses.`
      : `Respond by must not be later than Deliver by: the responses come before the work.`,
};

/** Fields the site offers only as a choice (a menu): one missing is not "entered" but chosen. */
const CHOSEN = new Set(['needs_met', 'reason', 'kind', 'type', 'entry_type', 'visibility', 'term', 'published', 'destination_audience']);
/**
 * Quoted, as the label may be a question ("Were your needs met?"): nothing chosen asks for an answer;
 * an answer the menu does not offer (a hand-made request) asks for one of those it does.
 */
const chooseWords = (label: string, empty: boolean) => (empty ? `Choose an answer for “${label}”.` : `For “${label}”, choose one of the answers offered.`);

/** One plain sentence for one refused field: "Age they are turning must be 120 or less." */
export const plainMessage = (name: string, issue: ValidationIssue, audience: TextAudience = 'public', examples: Readonly<Record<string, string>> = {}): string => {
  const label = labelOf(name);
  const suchAs = exampleIn(examples);
  const found = (issue as { found?: ContactDetailKind }).found;
  if (found && CONTACT_WORDS[found]) return CONTACT_WORDS[found](label, CONTACT_WHY[audience], audience);
  const reason = reasonOf(issue);
  const kind = reason?.kind ?? '';
  if (DATE_WORDS[kind]) return DATE_WORDS[kind](name, label);
  const limit = typeof reason?.requirement === 'number' ? reason.requirement : undefined;
  const fromField = ['regex', 'check', 'url', 'email', 'custom'].includes(kind) || !reason ? byField(name, label, issue.message) : null;
  if (fromField) return fromField;
  // Nothing given: a required field left out, or a text of no characters.
  const empty = kind === 'required' || ((kind === 'min_length' || kind === 'min_code_points') && limit === 1 && !reason?.list);
  // Whatever was wrong with a menu's answer (none, or one it does not offer), choosing is the way on.
  if (CHOSEN.has(name)) return chooseWords(label, empty);
  if (empty) return `${enterWords(label)}${suchAs(name)}.`;
  if (kind === 'min_length' || kind === 'min_code_points') return reason?.list ? `${label} needs at least ${limit}.` : `${label} must be at least ${limit} characters long.`;
  if (kind === 'max_length' || kind === 'max_code_points') {
    return reason?.list ? `${label} can list at most ${limit}; remove some.` : `${label} can be at most ${limit} characters long; shorten it.`;
  }
  if (kind === 'max_value') return `${label} must be ${limit?.toLocaleString('en-GB')} or less${suchAs(name)}.`;
  if (kind === 'min_value') return `${label} must be ${limit?.toLocaleString('en-GB')} or more${suchAs(name)}.`;
  if (kind === 'integer') return `${label} must be a whole number${suchAs(name) || ', such as 12'}.`;
  if (kind === 'number') return `${label} must be a number${suchAs(name) || ', such as 250'}.`;
  if (kind === 'picklist' || kind === 'enum' || kind === 'literal') return chooseWords(label, false);
  if (kind === 'strict_object') return `${label} is not a field of this form.`;
  // Messages written in a schema ("must be a general area such as …") already speak to people: name the field.
  if (/^(must|is|cannot|can)\b/.test(issue.message)) return sentence(`${label} ${issue.message}`);
  return sentence(issue.message);
};

/** The line above a refused form, when the form as a whole was refused. */
export const FORM_PROBLEM = 'Please correct the marked fields. Nothing was saved.';

/**
 * Refusals whose details mark fields of the form for what they hold (a value that does not fit,
 * a destination that does not fit its kind or audience): the line above them is `FORM_PROBLEM`,
 * not the service's sentence, which is written for agents.
 */
export const FIELD_REFUSALS: ReadonlySet<string> = new Set(['validation_failed', 'destination_invalid']);

/** The line above a form refused for contact details (`blocked_content`), by who reads its text. */
export const CONTACT_PROBLEM: Record<TextAudience, string> = {
  public: 'Everything here is public: take out the contact details marked below. Nothing was saved.',
  private:
    'This stays private, but contact details are refused here too: people get in touch through private threads. Take out the contact details marked below. Nothing was saved.',
  directory:
    'Contact details go in a destination, not in a name, description or label: take out the ones marked below (each says where it can go). Nothing was saved.',
};
