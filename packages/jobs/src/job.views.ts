import { unknownPrincipal } from '@svc/kernel';
import type { JobRecord, ResponseRecord } from './jobs.records.ts';
import type { PrincipalDirectory } from './jobs.deps.ts';
import { presentJob, presentResponse, type PrincipalSummary } from './jobs.presenter.ts';
import type { JobJson, JobResponseJson } from './jobs.schemas.ts';

/** A principal and, when it was read with the record, their display name (null: not found). */
interface Named {
  id: string;
  name: string | null | undefined;
}

/**
 * Presents records with live display names. A name read in the record's own query (the repository
 * does so when the app supplies `displayNameSql`) is used as it is; the others are looked up once
 * per answer, so an answer costs no extra query when every name came with its record.
 */
export const createJobViews = (principals: PrincipalDirectory, baseUrl: string) => {
  const lookup = async (people: Named[]) => {
    const missing = [...new Set(people.filter((person) => person.name === undefined).map((person) => person.id))];
    const found = missing.length === 0 ? new Map<string, PrincipalSummary>() : await principals.summaries(missing);
    return ({ id, name }: Named): PrincipalSummary => {
      if (name === undefined) return found.get(id) ?? unknownPrincipal(id);
      return name === null ? unknownPrincipal(id) : { principal_id: id, display_name: name };
    };
  };
  const poster = (job: JobRecord): Named => ({ id: job.postedBy, name: job.posterName });
  const responder = (response: ResponseRecord): Named => ({ id: response.responderId, name: response.responderName });
  return {
    jobs: async (records: JobRecord[]): Promise<JobJson[]> => {
      if (records.length === 0) return [];
      const summary = await lookup(records.map(poster));
      return records.map((job) => presentJob(job, summary(poster(job)), baseUrl));
    },
    job: async (record: JobRecord): Promise<JobJson> => {
      const summary = await lookup([poster(record)]);
      return presentJob(record, summary(poster(record)), baseUrl);
    },
    responses: async (records: ResponseRecord[]): Promise<JobResponseJson[]> => {
      if (records.length === 0) return [];
      const summary = await lookup(records.map(responder));
      return records.map((response) => presentResponse(response, summary(responder(response))));
    },
  };
};

export type JobViews = ReturnType<typeof createJobViews>;
