import { describe, expect, it } from 'vitest';
import { inWords } from '../src/kit/time.tsx';

const now = new Date('2026-11-29T12:00:00.000Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
const DAY = 24 * 3600;

describe('a time in words', () => {
  it('reads the same a few seconds apart: to the nearest unit, not cut down to the one below', () => {
    expect(inWords(later(7 * DAY), now)).toBe('next week');
    expect(inWords(later(7 * DAY - 5), now)).toBe('next week');
    expect(inWords(later(DAY - 30), now)).toBe('tomorrow');
    expect(inWords(later(-3 * DAY - 3600), now)).toBe('3 days ago');
    expect(inWords(later(10), now)).toBe('just now');
    expect(inWords(later(-100 * 60), now)).toBe('2 hours ago');
  });
});
