import { fillPath } from './http.ts';
import type { KeyedCreate } from './mixed-writes.ts';

/** The fields of a replay's answer that are compared. */
interface ReplayAnswer {
  replayed?: boolean;
  id?: string;
  handle?: string;
  error?: string;
}

/** What a key's second sending answered. */
export interface Replay {
  create: KeyedCreate;
  status: number;
  replayed: boolean;
  /** The record the answer names (a directory entry by its handle). */
  id: string | undefined;
}

/**
 * Sends every keyed create again, with its key, body and token, as a client told to repeat a
 * create it is unsure of: an acknowledged one must come back as it was (200, `replayed: true`, the
 * same record); one never acknowledged may come back replayed, or be created now (201). Answers the
 * replies and the keys whose reply broke that rule.
 */
export const replayCreates = async (baseUrl: string, creates: KeyedCreate[], { concurrency = 16 } = {}): Promise<{ replies: Replay[]; problems: string[] }> => {
  const replies: Replay[] = [];
  const problems: string[] = [];
  const queue = [...creates];
  const worker = async () => {
    for (let create = queue.shift(); create; create = queue.shift()) {
      let status = 0;
      let body: ReplayAnswer | undefined;
      try {
        const response = await fetch(baseUrl + fillPath(create.path, create.params), {
          method: 'POST',
          headers: { authorization: `Bearer ${create.person.token}`, 'content-type': 'application/json', 'idempotency-key': create.key },
          body: JSON.stringify(create.body),
          signal: AbortSignal.timeout(20_000),
        });
        status = response.status;
        body = (await response.json()) as ReplayAnswer;
      } catch (error) {
        body = { error: String(error) };
      }
      const id = create.kind === 'directory_entry' ? body?.handle : body?.id;
      const replayed = status === 200 && body?.replayed === true;
      replies.push({ create, status, replayed, id });
      const expected = create.acknowledged ? replayed && id === create.id : replayed || status === 201 || status === 200;
      if (!expected) {
        const wanted = create.acknowledged ? `200 replayed ${create.id}` : '200 replayed, or created now (201, or 200)';
        problems.push(`${create.kind} ${create.key}: ${status} ${JSON.stringify(body).slice(0, 200)}, expected ${wanted}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { replies, problems };
};
