import { describe, expect, it } from 'vitest';
import { dateOf } from '../src/entity-tables.ts';

describe('a timestamp as the driver hands it over', () => {
  it('reads PostgreSQL text in every offset form, with or without fractions', () => {
    expect(dateOf('2026-11-28 21:24:19.123456+00').toISOString()).toBe('2026-11-28T21:24:19.123Z');
    expect(dateOf('2026-11-28 21:24:19+00').toISOString()).toBe('2026-11-28T21:24:19.000Z');
    expect(dateOf('2026-11-28 21:24:19.5-07').toISOString()).toBe('2026-11-29T04:24:19.500Z');
    expect(dateOf('2026-01-02 03:04:05.000001+05:30').toISOString()).toBe('2026-01-01T21:34:05.000Z');
  });

  it('reads ISO text and a date alone, and passes a Date through', () => {
    const at = new Date('2026-11-28T21:24:19.123Z');
    expect(dateOf(at)).toBe(at);
    expect(dateOf('2026-11-28T21:24:19.123Z').getTime()).toBe(at.getTime());
    expect(dateOf('2026-11-28').toISOString()).toBe('2026-11-28T00:00:00.000Z');
  });

  it('refuses text that is no timestamp', () => {
    expect(() => dateOf('yesterday at noon')).toThrow('Not a timestamp');
  });
});
