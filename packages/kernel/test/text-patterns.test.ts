import { describe, expect, it } from 'vitest';
import { fieldPattern, TEXT_PATTERNS } from '../src/index.ts';

describe('the text rules as portable patterns', () => {
  it('call visible every character of the Basic Multilingual Plane that is neither white space (\\s) nor a format character (\\p{Cf}), and no other', () => {
    const visible = new RegExp(`^${TEXT_PATTERNS.visible}$`);
    const wrong: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCharCode(code);
      if (visible.test(character) === /[\s\p{Cf}]/u.test(character)) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('write the characters themselves, never an escape a validator may not read', () => {
    for (const pattern of Object.values(TEXT_PATTERNS)) expect(pattern).not.toMatch(/\\|\(\?/);
  });

  it('give a field with two rules the pattern written for both, and refuse a pair none is written for or a regex with flags', () => {
    const required = fieldPattern(fieldPattern(undefined, new RegExp(TEXT_PATTERNS.visible)), new RegExp(TEXT_PATTERNS.noDirectionControl));
    expect(required).toBe(TEXT_PATTERNS.requiredText);
    expect(fieldPattern(TEXT_PATTERNS.noDirectionControl, new RegExp(TEXT_PATTERNS.httpsForm))).toBe(TEXT_PATTERNS.httpsUrl);
    expect(fieldPattern(undefined, /^[a-z]+$/)).toBe('^[a-z]+$');
    expect(() => fieldPattern(TEXT_PATTERNS.noDirectionControl, /^[a-z]+$/)).toThrow(/No published pattern says both/);
    expect(() => fieldPattern(undefined, /^https?:/i)).toThrow(/takes no flags/);
  });
});
