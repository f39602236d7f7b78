import { usePageEnv } from './env.ts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const exact = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * "3 days ago" / "in 2 weeks", measured from `now`, to the nearest unit: an invitation made seconds
 * ago that lasts 7 days reads "next week" on every page that shows it, not "in 6 days" on the one
 * rendered a moment later.
 */
export const inWords = (iso: string, now: Date): string => {
  const seconds = Math.round((Date.parse(iso) - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size * 0.98) return relative.format(Math.round(seconds / size), unit);
  }
  return Math.abs(seconds) < 60 ? 'just now' : relative.format(Math.trunc(seconds / 60), 'minute');
};

export const exactTime = (iso: string): string => `${exact.format(new Date(iso))} UTC`;
export const dayInWords = (iso: string): string => day.format(new Date(iso));

/** A date in words ("3 days ago"), with the exact time in `datetime` and as a tooltip. */
export const Time = ({ iso, mode = 'relative' }: { iso: string; mode?: 'relative' | 'day' | 'exact' }) => {
  const { now } = usePageEnv();
  const text = mode === 'day' ? dayInWords(iso) : mode === 'exact' ? exactTime(iso) : inWords(iso, now);
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {text}
    </time>
  );
};
