import * as v from 'valibot';
import { boundedNumber } from './numbers.ts';
import { maxChars } from './text.ts';

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 currency code in upper case (GBP), as every amount the service stores names its currency. */
export const currencyCode = v.pipe(
  v.string(),
  maxChars(3),
  v.regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code in upper case, such as GBP'),
  v.check((code) => CURRENCIES.has(code), 'is not an ISO 4217 currency code'),
);

/**
 * How many decimal places the currency's amounts have (GBP 2, JPY 0, KWD 3), asked of Intl once per
 * currency: a number format is costly to build, and every create with a budget asks twice.
 */
const MINOR_UNITS = new Map<string, number>();
const minorUnits = (currency: string): number => {
  let units = MINOR_UNITS.get(currency);
  if (units === undefined) {
    units = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    MINOR_UNITS.set(currency, units);
  }
  return units;
};

/** Whether the amount is a whole number of the currency's smallest unit (no £0.0000001). */
const fitsMinorUnits = (amount: number, currency: string): boolean => {
  const scaled = amount * 10 ** minorUnits(currency);
  // Decimal fractions are inexact in binary: 0.29 × 100 is 28.999999999999996. What is forgiven is
  // that error (a few units in the last place of `scaled`), never a real fraction of the smallest
  // unit: 1e-9 or 1.0000000001 pounds are refused, not stored as 0 and 1.
  return Math.abs(scaled - Math.round(scaled)) <= Math.abs(scaled) * 4 * Number.EPSILON;
};

/**
 * An amount of money from 0 to `max` in a currency: the amount in the currency's own decimal places
 * at most (a refusal names `amount`), kept as those places say (0.1 + 0.2 is stored as 0.3).
 */
export const money = (max: number) =>
  v.pipe(
    v.strictObject({ amount: boundedNumber(0, max), currency: currencyCode }),
    v.forward(
      v.check(({ amount, currency }) => fitsMinorUnits(amount, currency), 'must not have more decimal places than its currency has (2 for GBP, 0 for JPY)'),
      ['amount'],
    ),
    v.transform(({ amount, currency }) => {
      const scale = 10 ** minorUnits(currency);
      return { amount: Math.round(amount * scale) / scale, currency };
    }),
  );
