import { describe, expect, it } from 'vitest';
import { destinationValueProblem, handleFromAddress, isValidHandle } from '../src/directory.schemas.ts';
import { presentResolution } from '../src/directory.presenter.ts';

describe('handles and addresses', () => {
  it.each([
    ['abc', true],
    ['a-b-c', true],
    ['a1-2b', true],
    ['a'.repeat(40), true],
    ['ab', false],
    ['a'.repeat(41), false],
    ['-abc', false],
    ['abc-', false],
    ['a--bc', false],
    ['Abc', false],
    ['a_bc', false],
    ['añbc', false],
  ])('%s is %s', (handle, valid) => {
    expect(isValidHandle(handle)).toBe(valid);
  });

  it('takes aar:<handle> or the bare handle', () => {
    expect(handleFromAddress('aar:alice-bakes')).toBe('alice-bakes');
    expect(handleFromAddress('alice-bakes')).toBe('alice-bakes');
    expect(handleFromAddress('aar:')).toBeNull();
    expect(handleFromAddress('aar:aar:abc')).toBeNull();
  });

  it('reads addresses in any case, folding ASCII letters only', () => {
    expect(handleFromAddress('aar:Alice-Bakes')).toBe('alice-bakes');
    expect(handleFromAddress('AAR:ALICE-BAKES')).toBe('alice-bakes');
    expect(handleFromAddress('Alice-Bakes')).toBe('alice-bakes');
    // U+212A KELVIN SIGN lower-cases to "k": it must not name the handle "kitchen".
    expect(handleFromAddress('aar:\u212Aitchen')).toBeNull();
  });
});

describe('destination values by type', () => {
  it.each([
    ['web', 'https://alice.example/shop?x=1', true],
    ['web', 'http://alice.example', false],
    ['web', 'https://user:pw@alice.example', false],
    ['web', 'https:// spaced.example', false],
    ['mcp', 'https://alice.example/mcp', true],
    ['a2a_agent_card', 'https://alice.example/.well-known/agent.json', true],
    ['a2a_agent_card', 'javascript:alert(1)', false],
    ['email', 'alice@example.org', true],
    ['email', 'alice@localhost', false],
    ['email', 'Alice <alice@example.org>', false],
    ['phone', '+447700900123', true],
    ['phone', '+0447700900123', false],
    ['phone', '+1234567890123456', false],
    ['phone', '07700900123', false],
  ] as const)('%s %s → %s', (type, value, valid) => {
    expect(destinationValueProblem(type, value) === null).toBe(valid);
  });
});

describe('resolution presenter', () => {
  it('answers only the resolution fields, owner not disclosed', () => {
    expect(
      presentResolution({
        id: 'dir_x',
        handle: 'alice-bakes',
        displayName: 'Alice',
        entryType: 'person',
        description: 'Cakes',
        version: 3,
        expiresAt: new Date('2026-12-22T12:00:00Z'),
        destinations: [{ id: 'dst_1', type: 'web', uri: 'https://a.example', label: '', preferred: true }],
      }),
    ).toEqual({
      address: 'aar:alice-bakes',
      display_name: 'Alice',
      entry_type: 'person',
      description: 'Cakes',
      version: 3,
      destinations: [{ id: 'dst_1', type: 'web', uri: 'https://a.example', label: '', preferred: true }],
      expiry: '2026-12-22T12:00:00.000Z',
      owner: 'not disclosed',
    });
  });
});
