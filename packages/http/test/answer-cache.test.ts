import { describe, expect, it } from 'vitest';
import { createAnswerCache, type CachedAnswer } from '../src/index.ts';

const answer = (json: string): CachedAnswer => ({ status: 200, headers: undefined, json });

/** A stand-in for the change feed: one generation per table, or not listening at all. */
const feed = () => {
  const generations = new Map<string, number>();
  const state = { listening: true };
  return {
    state,
    change: (table: string) => generations.set(table, (generations.get(table) ?? 0) + 1),
    stamp: (tables: readonly string[]) => (state.listening ? tables.map((t) => generations.get(t) ?? 0).join('.') : null),
  };
};

describe('the answer cache', () => {
  it('answers what was kept until one of its tables changes', () => {
    const f = feed();
    const cache = createAnswerCache({ stamp: f.stamp });
    cache.set('/jobs', ['jobs'], cache.stamp(['jobs']), answer('[1]'));
    expect(cache.get('/jobs', ['jobs'])?.json).toBe('[1]');
    f.change('offers');
    expect(cache.get('/jobs', ['jobs'])?.json).toBe('[1]');
    f.change('jobs');
    expect(cache.get('/jobs', ['jobs'])).toBeUndefined();
  });

  it('tells what each lookup found: a miss, then hits, a miss once its table changed, and bypasses while the feed is deaf', () => {
    const f = feed();
    const lookups: string[] = [];
    const cache = createAnswerCache({ stamp: f.stamp, counted: (lookup) => lookups.push(lookup) });
    expect(cache.get('/jobs', ['jobs'])).toBeUndefined();
    cache.set('/jobs', ['jobs'], cache.stamp(['jobs']), answer('[1]'));
    cache.get('/jobs', ['jobs']);
    cache.get('/jobs', ['jobs']);
    f.change('jobs');
    cache.get('/jobs', ['jobs']);
    f.state.listening = false;
    cache.get('/jobs', ['jobs']);
    expect(lookups).toEqual(['miss', 'hit', 'hit', 'miss', 'bypass']);
  });

  it('does not keep an answer whose tables changed while it was being built', () => {
    const f = feed();
    const cache = createAnswerCache({ stamp: f.stamp });
    const before = cache.stamp(['jobs']);
    f.change('jobs');
    cache.set('/jobs', ['jobs'], before, answer('[old]'));
    expect(cache.get('/jobs', ['jobs'])).toBeUndefined();
  });

  it('serves no kept answer older than its age limit, even while nothing changed', () => {
    const f = feed();
    let now = 1_000_000;
    const cache = createAnswerCache({ stamp: f.stamp, maxAgeMs: 30_000, now: () => now });
    cache.set('/jobs', ['jobs'], cache.stamp(['jobs']), answer('[1]'));
    now += 30_000;
    expect(cache.get('/jobs', ['jobs'])?.json).toBe('[1]');
    now += 1;
    expect(cache.get('/jobs', ['jobs'])).toBeUndefined();
  });

  it('keeps and serves nothing while changes cannot be followed', () => {
    const f = feed();
    const cache = createAnswerCache({ stamp: f.stamp });
    cache.set('/jobs', ['jobs'], cache.stamp(['jobs']), answer('[1]'));
    f.state.listening = false;
    expect(cache.get('/jobs', ['jobs'])).toBeUndefined();
    expect(cache.stamp(['jobs'])).toBeNull();
    cache.set('/jobs', ['jobs'], cache.stamp(['jobs']), answer('[2]'));
    f.state.listening = true;
    expect(cache.get('/jobs', ['jobs'])).toBeUndefined();
  });

  it('holds at most maxBytes of JSON, dropping the least recently used first', () => {
    const f = feed();
    const cache = createAnswerCache({ stamp: f.stamp, maxBytes: 80 });
    const ten = (c: string) => answer(c.repeat(10));
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) cache.set(key, ['jobs'], cache.stamp(['jobs']), ten(key));
    expect(cache.get('a', ['jobs'])?.json).toBe('aaaaaaaaaa');
    cache.set('i', ['jobs'], cache.stamp(['jobs']), ten('i'));
    expect(cache.get('b', ['jobs'])).toBeUndefined();
    expect(cache.get('a', ['jobs'])?.json).toBe('aaaaaaaaaa');
    expect(cache.get('i', ['jobs'])?.json).toBe('iiiiiiiiii');
  });

  it('builds an answer once for the requests that miss it meanwhile, and again once the tables changed', async () => {
    const f = feed();
    const cache = createAnswerCache({ stamp: f.stamp });
    let builds = 0;
    let finish!: () => void;
    const build = async () => {
      builds += 1;
      await new Promise<void>((done) => (finish = done));
      return answer(`[${builds}]`);
    };
    const waiting = [1, 2, 3].map(() => cache.buildOnce('/jobs', ['jobs'], cache.stamp(['jobs']), build));
    finish();
    expect((await Promise.all(waiting)).map((a) => a.json)).toEqual(['[1]', '[1]', '[1]']);
    expect(cache.get('/jobs', ['jobs'])?.json).toBe('[1]');
    f.change('jobs');
    const after = cache.buildOnce('/jobs', ['jobs'], cache.stamp(['jobs']), build);
    finish();
    expect((await after).json).toBe('[2]');
    expect(builds).toBe(2);
  });

  it('shares a failed build with the requests that waited for it, and builds afresh on the next miss', async () => {
    const f = feed();
    const cache = createAnswerCache({ stamp: f.stamp });
    let calls = 0;
    const failing = async (): Promise<never> => {
      calls += 1;
      await Promise.resolve();
      throw new Error('the statement timed out');
    };
    const both = [cache.buildOnce('/jobs', ['jobs'], cache.stamp(['jobs']), failing), cache.buildOnce('/jobs', ['jobs'], cache.stamp(['jobs']), failing)];
    expect((await Promise.allSettled(both)).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    expect((await cache.buildOnce('/jobs', ['jobs'], cache.stamp(['jobs']), async () => answer('[ok]'))).json).toBe('[ok]');
  });

  it('lets every request build its own while changes cannot be followed', async () => {
    const f = feed();
    f.state.listening = false;
    const cache = createAnswerCache({ stamp: f.stamp });
    let builds = 0;
    const build = async () => answer(`[${(builds += 1)}]`);
    const answers = await Promise.all([cache.buildOnce('/jobs', ['jobs'], cache.stamp(['jobs']), build), cache.buildOnce('/jobs', ['jobs'], cache.stamp(['jobs']), build)]);
    expect(answers.map((a) => a.json)).toEqual(['[1]', '[2]']);
  });
});
