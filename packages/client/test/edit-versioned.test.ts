import { describe, expect, it, vi } from 'vitest';
import { ApiError, editVersioned } from '../src/index.ts';

interface Job {
  version: number;
  title: string;
  note?: string;
}

/** A record held in memory, changed only with the right expected_version, as the service does. */
const store = (initial: Job) => {
  let record = { ...initial };
  const sent: number[] = [];
  return {
    get: () => record,
    set: (next: Job) => (record = next),
    sent,
    read: vi.fn(async () => ({ ...record })),
    patch: (title: string, fail?: () => never) =>
      vi.fn(async (current: Job) => {
        sent.push(current.version);
        if (current.version !== record.version) throw new ApiError(409, { error: 'version_conflict', current: record });
        record = { ...record, title, version: record.version + 1 };
        if (fail) fail();
        return { ...record };
      }),
  };
};

const timeout = () => {
  throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
};

describe('editVersioned', () => {
  it('reads, sends with the version read and returns the changed record', async () => {
    const s = store({ version: 1, title: 'Old' });
    const result = await editVersioned(s.read, s.patch('New'), (r) => r.title === 'New');
    expect(result).toEqual({ version: 2, title: 'New' });
    expect(s.sent).toEqual([1]);
  });

  it('sends nothing when the change is already there', async () => {
    const s = store({ version: 4, title: 'New' });
    const apply = s.patch('New');
    expect(await editVersioned(s.read, apply, (r) => r.title === 'New')).toEqual({ version: 4, title: 'New' });
    expect(apply).not.toHaveBeenCalled();
  });

  it('on version_conflict re-reads and reapplies on the current version', async () => {
    const s = store({ version: 1, title: 'Old' });
    const read = vi.fn(async () => {
      const current = { ...s.get() };
      // Someone else edits between our read and our send, once.
      if (read.mock.calls.length === 1) s.set({ ...s.get(), note: 'theirs', version: s.get().version + 1 });
      return current;
    });
    const result = await editVersioned(read, s.patch('New'), (r) => r.title === 'New');
    expect(s.sent).toEqual([1, 2]);
    expect(result).toEqual({ version: 3, title: 'New', note: 'theirs' });
  });

  it('after a timeout whose change landed, re-reads and stops: version is expected + 1 and the change is there', async () => {
    const s = store({ version: 7, title: 'Old' });
    const apply = s.patch('New', timeout);
    const result = await editVersioned(s.read, apply, (r) => r.title === 'New');
    expect(result).toEqual({ version: 8, title: 'New' });
    expect(apply).toHaveBeenCalledTimes(1);
    expect(s.read).toHaveBeenCalledTimes(2);
  });

  it('after a timeout that changed nothing, reapplies with the version it re-read', async () => {
    const s = store({ version: 3, title: 'Old' });
    let first = true;
    const apply = vi.fn(async (current: Job) => {
      if (first) {
        first = false;
        s.sent.push(current.version);
        // Lost before it reached the service, while someone else changed the record.
        s.set({ ...s.get(), note: 'theirs', version: 4 });
        throw new TypeError('fetch failed');
      }
      return s.patch('New')(current);
    });
    const result = await editVersioned(s.read, apply, (r) => r.title === 'New');
    expect(s.sent).toEqual([3, 4]);
    expect(result).toEqual({ version: 5, title: 'New', note: 'theirs' });
  });

  it('after a 5xx treats the outcome as unknown and re-reads', async () => {
    const s = store({ version: 1, title: 'Old' });
    const apply = s.patch('New', () => {
      throw new ApiError(503, { error: 'unavailable' });
    });
    expect(await editVersioned(s.read, apply, (r) => r.title === 'New')).toEqual({ version: 2, title: 'New' });
  });

  it.each([
    [new ApiError(403, { error: 'not_owner' })],
    [new ApiError(400, { error: 'validation_failed' })],
    [new ApiError(428, { error: 'expected_version_required' })],
  ])('throws %s at once, without reapplying', async (error) => {
    const read = vi.fn(async () => ({ version: 1, title: 'Old' }));
    const apply = vi.fn(async () => {
      throw error;
    });
    await expect(editVersioned(read, apply, (r) => r.title === 'New')).rejects.toBe(error);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('is bounded: after the given number of sends the last error is thrown', async () => {
    const read = vi.fn(async () => ({ version: 1, title: 'Old' }));
    const apply = vi.fn(async () => {
      throw new ApiError(409, { error: 'version_conflict' });
    });
    await expect(editVersioned(read, apply, (r) => r.title === 'New', { attempts: 2 })).rejects.toMatchObject({ code: 'version_conflict' });
    expect(apply).toHaveBeenCalledTimes(2);
  });
});
