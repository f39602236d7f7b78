import { describe, expect, it } from 'vitest';
import { presentJob } from '../src/jobs.presenter.ts';
import { RTS_NOTICE, toRtsTask } from '../src/rts.ts';
import { BASE_URL, jobRecord } from '../src/testing.ts';

describe('RTS 0.2 task form', () => {
  const job = presentJob(
    jobRecord({ template: { id: 'birthday-party', details: { general_area: 'Camden, London' } } }),
    { principal_id: 'prn_poster', display_name: 'Poster' },
    BASE_URL,
  );

  it('maps every job field as docs/rts.md says', () => {
    expect(toRtsTask(job)).toEqual({
      rts_version: '0.2',
      type: 'task',
      id: job.id,
      status: 'open',
      version: 3,
      title: 'Plan a party',
      objective: 'A plan',
      scope: 'Food',
      deliverables: 'A page',
      constraints: 'No glitter',
      acceptance_criteria: ['Menu agreed'],
      budget: { amount: 120.5, currency: 'GBP' },
      fee_treatment: 'no_fee',
      deadlines: { respond_by: '2026-12-01T18:00:00.000Z', deliver_by: null },
      timezone: 'Europe/London',
      tags: ['party-planning'],
      template: { id: 'birthday-party', details: { general_area: 'Camden, London' } },
      requester: { id: 'prn_poster', name: 'Poster', profile: `${BASE_URL}/principals/prn_poster` },
      source: { url: job.url, rts_url: job.rts_url },
      created_at: job.created_at,
      updated_at: job.updated_at,
      agreement: false,
      notice: RTS_NOTICE,
    });
  });

  it('states that it is not an agreement', () => {
    expect(RTS_NOTICE).toMatch(/not an RTS agreement/);
    expect(toRtsTask(job).agreement).toBe(false);
  });

  it('keeps a missing budget as null', () => {
    expect(toRtsTask({ ...job, budget: null }).budget).toBeNull();
  });
});
