import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so two equal bodies give one fingerprint whatever their key order. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, item]) => `${JSON.stringify(k)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
};

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export const fingerprint = (body: unknown): string => sha256(canonical(body));
