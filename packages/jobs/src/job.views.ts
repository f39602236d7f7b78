import type { JobRecord, ResponseRecord } from './jobs.records.ts';
import type { PrincipalDirectory } from './jobs.deps.ts';
import { presentJob, presentResponse, type PrincipalSummary } from './jobs.presenter.ts';
import type { JobJson, JobResponseJson } from './jobs.schemas.ts';

/** Shown when a principal can no longer be found (for example a closed account). */
const unknownPrincipal = (id: string): PrincipalSummary => ({ principal_id: id, display_name: 'Unknown principal' });

/** Presents records with live display names, looking every principal up once per answer. */
export const createJobViews = (principals: PrincipalDirectory, baseUrl: string) => {
  const lookup = async (ids: string[]) => {
    const found = await principals.summaries([...new Set(ids)]);
    return (id: string) => found.get(id) ?? unknownPrincipal(id);
  };
  return {
    jobs: async (records: JobRecord[]): Promise<JobJson[]> => {
      if (records.length === 0) return [];
      const summary = await lookup(records.map((job) => job.postedBy));
      return records.map((job) => presentJob(job, summary(job.postedBy), baseUrl));
    },
    job: async (record: JobRecord): Promise<JobJson> => {
      const summary = await lookup([record.postedBy]);
      return presentJob(record, summary(record.postedBy), baseUrl);
    },
    responses: async (records: ResponseRecord[]): Promise<JobResponseJson[]> => {
      if (records.length === 0) return [];
      const summary = await lookup(records.map((response) => response.responderId));
      return records.map((response) => presentResponse(response, summary(response.responderId)));
    },
  };
};

export type JobViews = ReturnType<typeof createJobViews>;
