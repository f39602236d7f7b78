import { describe, expect, it } from 'vitest';
import { JOB_NOTICE, presentJob, presentResponse } from '../src/jobs.presenter.ts';
import { BASE_URL, jobRecord } from '../src/testing.ts';

const poster = { principal_id: 'prn_poster', display_name: 'Poster' };

describe('Job JSON', () => {
  it('has exactly the fields of the spec, with links, ISO times and the notice', () => {
    expect(presentJob(jobRecord(), poster, BASE_URL)).toEqual({
      id: 'job_0123456789abcdefghjkmnpqrs',
      url: `${BASE_URL}/jobs/job_0123456789abcdefghjkmnpqrs`,
      rts_url: `${BASE_URL}/jobs/job_0123456789abcdefghjkmnpqrs?format=rts`,
      status: 'open',
      version: 3,
      title: 'Plan a party',
      outcome: 'A plan',
      scope: 'Food',
      deliverables: 'A page',
      constraints: 'No glitter',
      budget: { amount: 120.5, currency: 'GBP' },
      fee_treatment: 'no_fee',
      response_deadline: '2026-12-01T18:00:00.000Z',
      delivery_deadline: null,
      timezone: 'Europe/London',
      completion_checklist: ['Menu agreed'],
      tags: ['party-planning'],
      template: null,
      posted_by: { principal_id: 'prn_poster', display_name: 'Poster', profile: `${BASE_URL}/principals/prn_poster` },
      created_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T13:30:00.250Z',
      notice: JOB_NOTICE,
    });
  });

  it('shows no budget as null and a template as {id, details}', () => {
    const details = { general_area: 'north Leeds' };
    const json = presentJob(jobRecord({ budget: null, template: { id: 'birthday-party', details } }), poster, BASE_URL);
    expect(json.budget).toBeNull();
    expect(json.template).toEqual({ id: 'birthday-party', details });
  });

  it('says in its notice that nothing is agreed, authorised or paid here', () => {
    expect(JOB_NOTICE).toMatch(/creates no agreement/);
    expect(JOB_NOTICE).toMatch(/authorises no spending/);
    expect(JOB_NOTICE).toMatch(/payment happens elsewhere/);
  });
});

describe('Response JSON', () => {
  it('has the fields of decisions.md', () => {
    const at = new Date('2026-11-21T14:00:00Z');
    expect(
      presentResponse(
        {
          id: 'rsp_1',
          jobId: 'job_1',
          kind: 'question',
          message: 'Indoors?',
          status: 'active',
          responderId: 'prn_r',
          jobVersionSeen: 2,
          createdAt: at,
          updatedAt: at,
        },
        { principal_id: 'prn_r', display_name: 'Responder' },
      ),
    ).toEqual({
      id: 'rsp_1',
      job_id: 'job_1',
      kind: 'question',
      message: 'Indoors?',
      status: 'active',
      responder: { principal_id: 'prn_r', display_name: 'Responder' },
      job_version_seen: 2,
      created_at: '2026-11-21T14:00:00.000Z',
      updated_at: '2026-11-21T14:00:00.000Z',
    });
  });
});
