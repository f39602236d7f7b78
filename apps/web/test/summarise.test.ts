import { describe, expect, it } from 'vitest';
import { summarise } from '../src/kit/render.tsx';

/** A page's meta description: one line, at most 160 characters, cut at a word. */
describe('summarise', () => {
  it('keeps short text as one line', () => {
    expect(summarise('  Plan a party\n\nfor forty   people. ')).toBe('Plan a party for forty people.');
  });

  it('cuts long text at a word, without a dangling comma, and marks the cut', () => {
    const words = 'Newsletters, posters and minutes, '.repeat(10);
    const line = summarise(words);
    expect(line.length).toBeLessThanOrEqual(160);
    expect(line.endsWith('…')).toBe(true);
    expect(line).not.toMatch(/[ ,]…$/);
    expect(words.replace(/\s+/g, ' ').startsWith(line.slice(0, -1))).toBe(true);
  });

  it('cuts a text without spaces at the limit', () => {
    expect(summarise('x'.repeat(300))).toBe(`${'x'.repeat(159)}…`);
  });
});
