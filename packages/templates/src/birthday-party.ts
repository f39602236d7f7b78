import * as v from 'valibot';
import { boundedInteger, looksLikeStreetAddress, money, maxChars, minChars, noDirectionControl, noNul, notBlank } from '@svc/kernel';
import { defineTemplate, type JobFill } from './template.ts';
import { GENERAL_AREA_MESSAGE } from './general-area.ts';

/** Details are stored as jsonb, which cannot hold U+0000: refuse it as bad input (400), not a failed write (500). */

const text = (max: number, description: string) =>
  v.pipe(v.string(), v.trim(), noNul, minChars(1), ...notBlank, noDirectionControl, maxChars(max), v.description(description));

/** `YYYY-MM-DD` that names a real day (no 2026-02-30). */
const isCalendarDate = (value: string): boolean => {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
};

const detailsSchema = v.strictObject({
  child_name: v.optional(text(80, 'Who the party is for; a first name is enough.')),
  age: v.optional(v.pipe(boundedInteger(0, 120), v.description('The age they are turning.'))),
  date: v.pipe(
    v.string(),
    v.isoDate('must be a date as YYYY-MM-DD'),
    v.check(isCalendarDate, 'must be a real calendar date'),
    v.description('The day of the party.'),
  ),
  start_time: v.optional(v.pipe(v.string(), v.isoTime('must be a time as HH:MM'), v.description('Local start time.'))),
  guest_count: v.pipe(boundedInteger(1, 500), v.description('How many guests, children and adults together.')),
  general_area: v.pipe(
    v.string(),
    v.trim(),
    noNul,
    minChars(2),
    noDirectionControl,
    maxChars(200),
    v.description('A general area such as "Camden, London" or "north Leeds". Street addresses are refused: jobs are public.'),
  ),
  theme: v.optional(text(200, 'A party theme, if any.')),
  budget: v.optional(
    v.pipe(
      money(10_000_000),
      v.description('What the party itself may cost (not the planner’s fee).'),
    ),
  ),
  dietary_notes: v.optional(text(1000, 'Allergies and dietary needs to plan around.')),
  activities: v.optional(
    v.pipe(
      v.array(text(100, 'One activity idea.')),
      v.maxLength(20, 'must have at most 20 activities'),
      v.description('Activities the host would like.'),
    ),
  ),
});

type Details = v.InferOutput<typeof detailsSchema>;

const guests = (count: number) => `${count} ${count === 1 ? 'guest' : 'guests'}`;

const forWhom = (details: Details): string => {
  if (!details.child_name) return '';
  return details.age === undefined ? ` for ${details.child_name}` : ` for ${details.child_name} (${details.age})`;
};

/** A job title holds at most this many characters (the jobs domain's limit). */
const TITLE_MAX = 200;

/**
 * The public title: where and how many, never who. A title travels further than the job page (lists,
 * search results, page titles, the threads started about the job, links shared elsewhere), so it
 * names neither the child nor their age; the page shows the details the host chose to give. A long
 * area is cut at the limit, marked with "…".
 */
const titleOf = (details: Details): string => {
  const tail = ` — ${guests(details.guest_count)}`;
  const head = 'Plan a birthday party in ';
  const room = TITLE_MAX - head.length - tail.length;
  const area = [...details.general_area].length > room ? `${[...details.general_area].slice(0, room - 1).join('').trimEnd()}…` : details.general_area;
  return `${head}${area}${tail}`;
};

/** A calendar date (`2026-12-05`) as people read it: "Saturday 5 December 2026". */
const dayInWords = (date: string): string =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`)).replace(',', '');

const fill = (details: Details): JobFill => {
  const day = dayInWords(details.date);
  const when = details.start_time ? `${day} at ${details.start_time}` : day;
  const theme = details.theme ? ` with a "${details.theme}" theme` : '';
  const budget = details.budget ? `${details.budget.amount} ${details.budget.currency}` : null;
  return {
    title: titleOf(details),
    outcome:
      `A ready-to-use plan for a birthday party${forWhom(details)} on ${when} in ${details.general_area}, ` +
      `for ${guests(details.guest_count)}${theme}, that the host can carry out themselves.`,
    scope: [
      `Suggest venues in or near ${details.general_area} that suit ${guests(details.guest_count)}.`,
      `Propose a timed running order for the day${details.activities?.length ? `, including: ${details.activities.join(', ')}` : ''}.`,
      `Suggest food and drink${details.dietary_notes ? ` that respects these dietary notes: ${details.dietary_notes}` : ''}.`,
      budget ? `Keep the estimated party costs within ${budget}.` : 'Estimate what the party will cost.',
      'Draft invitation wording for the host to send.',
    ].join('\n'),
    deliverables: [
      '1. A shortlist of up to three venues, each with capacity, rough cost and how to book it.',
      '2. A timed running order for the party.',
      '3. A food and drink plan.',
      '4. A list of suppliers and purchases with estimated costs, for the host to approve.',
      '5. Invitation wording, ready for the host to send.',
    ].join('\n'),
    completion_checklist: [
      'Venue options shortlisted',
      'Running order drafted',
      'Food and drink plan covers the dietary notes',
      budget ? `Estimated costs within ${budget}` : 'Costs estimated',
      'Invitation wording ready for the host',
    ],
    tags: ['birthday-party', 'party-planning'],
  };
};

/**
 * The example's party itself: who, when, how many and where, without the host's wishes. The template
 * checks its example when it is defined, so tests start from these details too (`partyDetails`).
 */
export const EXAMPLE_PARTY = {
  child_name: 'Mia',
  age: 7,
  date: '2026-12-05',
  start_time: '14:00',
  guest_count: 12,
  general_area: 'Camden, London',
};

/** The first template: planning (never booking) a birthday party. */
export const birthdayParty = defineTemplate({
  id: 'birthday-party',
  title: 'Birthday party',
  description:
    'Plan a birthday party: venue ideas, a running order, food and drink, costs and invitation wording. ' +
    'The planner plans only; the host approves and does every booking, purchase and invitation.',
  detailsSchema,
  constraintsClause:
    'Planning only: the planner must not contact suppliers, make bookings or purchases, or send invitations ' +
    'without the host’s explicit approval.',
  exampleDetails: {
    ...EXAMPLE_PARTY,
    theme: 'space',
    budget: { amount: 300, currency: 'GBP' },
    dietary_notes: 'One guest has a nut allergy.',
    activities: ['treasure hunt', 'face painting'],
  },
  fill,
  // A street address is well-formed text that the service refuses (jobs are public): 422, not 400.
  refuse: (details) =>
    looksLikeStreetAddress(details.general_area) ? [{ path: 'general_area', message: GENERAL_AREA_MESSAGE }] : [],
});
