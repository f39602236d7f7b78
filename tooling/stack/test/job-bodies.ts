import { expect } from 'vitest';
import type { StackFixture } from './fixture.ts';

/** A job as small as the API accepts, with a title of the test's choosing. */
export const jobBody = (title: string) => ({ title, outcome: 'A result the poster can check.' });

export interface JobAnswer {
  id: string;
  version: number;
  title: string;
  replayed?: boolean;
}

/** Posts a job through the stack's balancer with `token`, and fails the test unless it is created (201). */
export const postJob = async (world: Pick<StackFixture<string>, 'http' | 'stack'>, token: string, title: string, headers?: Record<string, string>): Promise<JobAnswer> => {
  const created = await world.http.request<JobAnswer>(world.stack.url, 'POST', '/api/v1/jobs', { token, body: jobBody(title), ...(headers ? { headers } : {}) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
};
