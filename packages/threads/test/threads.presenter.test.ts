import { describe, expect, it } from 'vitest';
import { inviteStatus, presentEntry, renderMarkdown } from '../src/threads.presenter.ts';
import type { InviteRecord } from '../src/threads.records.ts';
import type { ThreadExportJson } from '../src/threads.schemas.ts';

const name = (id: string) => ({ principal_id: id, display_name: id.toUpperCase() });

describe('presenter', () => {
  it('never shows the text of a deleted entry', () => {
    const at = new Date('2026-11-22T09:00:00.000Z');
    expect(
      presentEntry({ id: 'ten_1', threadId: 'thr_1', kind: 'update', text: 'left over', authorId: 'prn_a', createdAt: at, updatedAt: at, deletedAt: at }, name),
    ).toMatchObject({ text: null, deleted: true });
  });

  it('reports a pending invitation past its expiry as expired', () => {
    const invite = { status: 'pending', expiresAt: new Date('2026-11-29T09:00:00.000Z') } as InviteRecord;
    expect(inviteStatus(invite, new Date('2026-11-29T08:59:59.999Z'))).toBe('pending');
    expect(inviteStatus(invite, new Date('2026-11-29T09:00:00.000Z'))).toBe('expired');
    expect(inviteStatus({ ...invite, status: 'accepted' }, new Date('2027-01-01'))).toBe('accepted');
  });

  it('renders an empty thread with placeholders and a fence the snapshot cannot close', () => {
    const data: ThreadExportJson = {
      export_version: 1,
      exported_at: '2026-11-22T10:00:00.000Z',
      notice: 'Not a contract.',
      thread: {
        id: 'thr_1',
        url: 'https://x/threads/thr_1',
        title: 'Empty',
        summary: '',
        summary_version: 1,
        status: 'open',
        owner: name('prn_a'),
        participants: [{ ...name('prn_a'), role: 'owner', joined_at: '2026-11-22T09:00:00.000Z' }],
        linked: {
          kind: 'service',
          id: 'svc_1',
          snapshot: { text: '`````' },
          snapshot_taken_at: '2026-11-22T09:00:00.000Z',
          not_a_contract: true,
          notice: 'Snapshot.',
        },
        entries: [],
        checklist: [],
        created_at: '2026-11-22T09:00:00.000Z',
        updated_at: '2026-11-22T09:00:00.000Z',
      },
    };
    const markdown = renderMarkdown(data);
    expect(markdown).toContain('_No summary yet._');
    expect(markdown).toContain('_No checklist items._');
    expect(markdown).toContain('_No entries._');
    expect(markdown).toContain('``````json\n');
    expect(markdown.endsWith('\n')).toBe(true);
  });
});
