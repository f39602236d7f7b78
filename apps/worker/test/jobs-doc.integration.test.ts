import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonValues, runGuide, type GuideRun } from './doc-blocks.ts';

/**
 * docs/jobs.md promises that its shell blocks run as written, in order, in one shell: two people
 * approve agents, one posts, replays, edits at a version, searches, closes, reopens and removes a
 * job, the other responds and withdraws. The test runs them against the real service and checks
 * each documented answer's shape.
 */

describe('docs/jobs.md, run as written', () => {
  let guide: GuideRun;
  let outputOf: GuideRun['outputOf'];
  const lines = (output: string) => output.split('\n').map((line) => line.trim()).filter(Boolean);

  beforeAll(async () => {
    guide = await runGuide('jobs.md');
    ({ outputOf } = guide);
  }, 240_000);

  afterAll(() => guide?.close());

  it('runs every block', () => {
    expect(guide.outputs).toHaveLength(guide.blocks.length);
    expect(guide.blocks.length).toBeGreaterThanOrEqual(9);
  });

  it('posts a job (201) with its time zone in canonical form, and replays it under the same key', () => {
    const created = lines(outputOf('-o job.json'));
    expect(created[0]).toBe('201');
    expect(JSON.parse(created[1]!)).toEqual({
      id: expect.stringMatching(/^job_/),
      status: 'open',
      version: 1,
      timezone: 'Europe/London',
      tags: ['garden', 'party-planning'],
      posted_by: 'Grace',
    });
    expect(jsonValues(outputOf("'{id, version, replayed}'"))).toEqual([
      { id: JSON.parse(created[1]!).id, version: 1, replayed: true },
      { error: 'idempotency_conflict', message: expect.any(String) },
    ]);
  });

  it('reads the job without a token, with its notice', () => {
    expect(jsonValues(outputOf('{title, budget, fee_treatment, url, notice}'))).toEqual([
      {
        title: 'Plan a garden party',
        budget: { amount: 200, currency: 'GBP' },
        fee_treatment: 'no_fee',
        url: expect.stringMatching(new RegExp(`^${guide.base}/jobs/job_`)),
        notice: expect.stringContaining('creates no agreement'),
      },
    ]);
  });

  it('edits at the version read, refuses a stale version with current (409) and a missing one (428)', () => {
    expect(lines(outputOf('stale.json'))).toEqual([
      '{"version":2,"budget":{"amount":250,"currency":"GBP"}}',
      '409',
      '{"error":"version_conflict","current":{"version":2,"budget":{"amount":250,"currency":"GBP"}}}',
      '428',
      expect.stringContaining('"error":"expected_version_required"'),
    ]);
  });

  it('searches with a phrase, an excluded word and a tag', () => {
    expect(jsonValues(outputOf('--data-urlencode'))).toEqual([
      { total: 1, total_is_lower_bound: false, older_matches_before: null, titles: ['Plan a garden party'] },
    ]);
  });

  it('refuses a response made against an old version with current, and takes one made against the current version', () => {
    expect(jsonValues(outputOf('lin-question-1'))).toEqual([
      { error: 'job_changed', current_version: 2 },
      { id: expect.stringMatching(/^rsp_/), kind: 'question', status: 'active', job_version_seen: 2, responder: 'Lin' },
    ]);
  });

  it('shows the poster every response and keeps her own token out of responding', () => {
    expect(jsonValues(outputOf('responses: [.responses[]'))).toEqual([
      { total: 1, responses: [{ kind: 'question', message: 'Is the date fixed?', responder: 'Lin' }] },
      { error: 'insufficient_scope' },
    ]);
  });

  it('closes, refuses a second close, reopens at a version and counts on /me', () => {
    expect(jsonValues(outputOf('/close'))).toEqual([
      { status: 'closed', version: 3 },
      { error: 'invalid_state', status: 'closed', action: 'close' },
      { status: 'open', version: 4 },
      { open_jobs: 1, closed_jobs: 0, active_responses: 0, active_services: 0, paused_services: 0 },
    ]);
  });

  it('withdraws the response, removes the job (410 afterwards) and keeps the response listed for its author', () => {
    expect(lines(outputOf('/withdraw'))).toEqual([
      '{"status":"withdrawn"}',
      '{"status":"removed","version":5}',
      '{"error":"removed","message":"This job was removed by its poster."}410',
      '[{"status":"withdrawn","job":"removed"}]',
    ]);
  });
});
