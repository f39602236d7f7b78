import { isDomainError, type Actor } from '@svc/kernel';

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

/** What a thread may link and snapshot at creation: a job or an offer the creator can read. */
export const createLinkedRecords = ({ jobs, offers }: { jobs: { get: PublicRead }; offers: () => { get: PublicRead } }) => ({
  snapshot: (kind: 'job' | 'service', id: string, _reader: Actor): Promise<object | null> =>
    kind === 'job' ? readOrNull(jobs.get, id) : readOrNull(offers().get, id),
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
