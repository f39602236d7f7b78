import { describe, expect, it } from 'vitest';
import { parseInput } from '@svc/kernel';
import {
  checklistItemCreateSchema,
  checklistItemPatchSchema,
  entryCreateSchema,
  entryPatchSchema,
  inviteCreateSchema,
  parseThreadPatch,
  threadCreateSchema,
} from '../src/threads.schemas.ts';

const codeOf = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'no error';
};

describe('thread input', () => {
  it('trims, defaults the summary and accepts a link', () => {
    expect(parseInput(threadCreateSchema, { title: ' Party ', link: { kind: 'service', id: 'svc_1' } })).toEqual({
      title: 'Party',
      summary: '',
      link: { kind: 'service', id: 'svc_1' },
    });
  });

  it.each([
    [{ title: 'x'.repeat(201) }],
    [{ title: 'tab\there' }],
    [{ title: 'x', summary: 'x'.repeat(20_001) }],
    [{ title: 'x', link: { kind: 'job' } }],
    [{ title: 'x', link: { kind: 'job', id: 'has space' } }],
    [{ title: 'x', link: { kind: 'job', id: 'job_1', extra: 1 } }],
    [null],
    ['title'],
  ])('refuses %j', (input) => {
    expect(codeOf(() => parseInput(threadCreateSchema, input))).toBe('validation_failed');
  });
});

describe('parseThreadPatch', () => {
  it('needs expected_version with a summary (428) but not with a title alone', () => {
    expect(codeOf(() => parseThreadPatch({ summary: 'x' }))).toBe('expected_version_required');
    expect(parseThreadPatch({ summary: '', expected_version: 2 })).toEqual({ summary: '', expectedVersion: 2 });
    expect(parseThreadPatch({ title: 'New' })).toEqual({ title: 'New' });
    expect(parseThreadPatch({ title: 'New', expected_version: 3 })).toEqual({ title: 'New', expectedVersion: 3 });
  });

  it.each([[{}], [{ expected_version: 1 }], [{ summary: 'x', expected_version: 0 }], [{ summary: 'x', expected_version: '3' }], [{ summary: 'x', expected_version: 1, id: 'x' }], [[]]])(
    'refuses %j with validation_failed',
    (input) => {
      expect(codeOf(() => parseThreadPatch(input))).toBe('validation_failed');
    },
  );
});

describe('entries, checklist and invitations', () => {
  it('knows the five entry kinds', () => {
    for (const kind of ['update', 'next_step', 'blocker', 'deliverable', 'completion']) {
      expect(parseInput(entryCreateSchema, { kind, text: 'x' })).toEqual({ kind, text: 'x' });
    }
    expect(codeOf(() => parseInput(entryCreateSchema, { kind: 'note', text: 'x' }))).toBe('validation_failed');
    expect(codeOf(() => parseInput(entryPatchSchema, {}))).toBe('validation_failed');
  });

  it('keeps multi-line entry text but one-line checklist items', () => {
    expect(parseInput(entryCreateSchema, { kind: 'update', text: 'a\nb' }).text).toBe('a\nb');
    expect(codeOf(() => parseInput(checklistItemCreateSchema, { text: 'a\nb' }))).toBe('validation_failed');
    expect(parseInput(checklistItemCreateSchema, { text: 'Cake' })).toEqual({ text: 'Cake', done: false });
    expect(codeOf(() => parseInput(checklistItemPatchSchema, { done: 1 }))).toBe('validation_failed');
  });

  it('defaults an invitation to an open link', () => {
    expect(parseInput(inviteCreateSchema, {})).toEqual({ invitee_principal_id: null });
    expect(parseInput(inviteCreateSchema, { invitee_principal_id: 'prn_x' })).toEqual({ invitee_principal_id: 'prn_x' });
  });
});
