import { isDomainError, MAX_OFFSET, type Actor } from '@svc/kernel';

/** A public read that answers a domain error (404, 410) when the record may not be read. */
type PublicRead = (id: string) => Promise<object>;

const readOrNull = async (read: PublicRead, id: string): Promise<object | null> => {
  try {
    return await read(id);
  } catch (error) {
    if (isDomainError(error)) return null;
    throw error;
  }
};

/** The responses a reader may see on a job, a page at a time (`limit` and `offset` as query strings). */
type ResponsesRead = (
  reader: Actor,
  jobId: string,
  query: { limit: string; offset: string },
) => Promise<{ responses: { status: string; responder: { principal_id: string } }[]; total: number }>;

/** The most responses a page of the list holds; `related` reads them page by page. */
const RESPONSES_PAGE = 100;

/**
 * What a thread may link and snapshot at creation (a job or an offer the creator can read), and
 * whom such a record connects a reader with: a job's poster with the people whose response is
 * active (the responses service shows the poster all of them), anyone else with the poster; an
 * offer's reader with its provider.
 */
export const createLinkedRecords = ({
  jobs,
  responses,
  offers,
}: {
  jobs: { get: PublicRead };
  responses: { listForJob: ResponsesRead };
  offers: () => { get: PublicRead };
}) => ({
  snapshot: (kind: 'job' | 'service', id: string, _reader: Actor): Promise<object | null> =>
    kind === 'job' ? readOrNull(jobs.get, id) : readOrNull(offers().get, id),

  related: async (kind: 'job' | 'service', id: string, reader: Actor): Promise<string[]> => {
    if (kind === 'service') {
      const offer = (await readOrNull(offers().get, id)) as { provider: { principal_id: string } } | null;
      return offer && offer.provider.principal_id !== reader.principalId ? [offer.provider.principal_id] : [];
    }
    const job = (await readOrNull(jobs.get, id)) as { posted_by: { principal_id: string } } | null;
    if (!job) return [];
    if (job.posted_by.principal_id !== reader.principalId) return [job.posted_by.principal_id];
    const people = new Set<string>();
    for (let offset = 0; ; offset += RESPONSES_PAGE) {
      const page = await responses.listForJob(reader, id, { limit: String(RESPONSES_PAGE), offset: String(offset) });
      for (const response of page.responses) if (response.status === 'active') people.add(response.responder.principal_id);
      if (page.responses.length < RESPONSES_PAGE || offset + RESPONSES_PAGE >= page.total || offset + RESPONSES_PAGE > MAX_OFFSET) break;
    }
    return [...people];
  },
});

/** Whether a report's target is public: a readable job, or a directory entry anyone can resolve. */
export const createPublicTargets = ({
  jobs,
  directory,
}: {
  jobs: { get: PublicRead };
  directory: { resolve(address: string, caller: Actor | null): Promise<object> };
}) => ({
  exists: async (kind: 'job' | 'directory_entry', id: string): Promise<boolean> =>
    kind === 'job' ? (await readOrNull(jobs.get, id)) !== null : (await readOrNull((address) => directory.resolve(address, null), id)) !== null,
});
