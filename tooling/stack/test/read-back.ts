import { expect } from 'vitest';
import type { Http } from './http.ts';
import type { JobAnswer } from './job-bodies.ts';

/** How soon a process must answer what another process has committed (docs/scaling.md, "Answer cache"). */
export const FRESH_WITHIN_MS = 1_000;
/** How long a late edit is still read, to tell "late" from "never". */
const READ_AT_MOST_MS = 5_000;
/** Once this many edits were late, the rest would only say the same, slowly. */
const GIVE_UP_AFTER_LATE = 3;

export interface ReadBack {
  /** Edits made (fewer than asked for when the run gave up). */
  edits: number;
  /** Reads that answered an older version while the edit was under a second old: allowed, counted. */
  staleReads: number;
  /** Edits the reading process did not answer within a second: how long it took (null: not within 5 s) and the stale reads after the second. */
  late: { edit: number; version: number; ms: number | null; staleReadsBeyond: number }[];
  /** Per edit: from the editing answer to the reading process's first answer of the new version. */
  lagsMs: number[];
}

/**
 * Edits one job `edits` times through `writer` (each a versioned PATCH), and after each reads it
 * through `reader` until the reader answers the new version.
 */
export const editAndReadBack = async ({
  http,
  writer,
  reader,
  token,
  job,
  edits,
  label,
}: {
  http: Http;
  writer: string;
  reader: string;
  token: string;
  job: JobAnswer;
  edits: number;
  label: string;
}): Promise<ReadBack> => {
  const report: ReadBack = { edits: 0, staleReads: 0, late: [], lagsMs: [] };
  let version = job.version;
  for (let edit = 1; edit <= edits && report.late.length < GIVE_UP_AFTER_LATE; edit++) {
    const title = `${job.title} (${label}, edit ${edit})`;
    const edited = await http.request<JobAnswer>(writer, 'PATCH', `/api/v1/jobs/${job.id}`, { token, body: { expected_version: version, title } });
    expect(edited.status, `edit ${edit}: ${JSON.stringify(edited.body)}`).toBe(200);
    expect(edited.body.version).toBe(version + 1);
    version = edited.body.version;
    report.edits = edit;

    const started = performance.now();
    let staleBeyond = 0;
    for (;;) {
      const read = await http.request<JobAnswer>(reader, 'GET', `/api/v1/jobs/${job.id}`);
      const ms = performance.now() - started;
      expect(read.status, `read after edit ${edit}: ${JSON.stringify(read.body)}`).toBe(200);
      if (read.body.version === version) {
        expect(read.body.title).toBe(title);
        report.lagsMs.push(ms);
        if (ms > FRESH_WITHIN_MS) report.late.push({ edit, version, ms: Math.round(ms), staleReadsBeyond: staleBeyond });
        break;
      }
      if (ms <= FRESH_WITHIN_MS) report.staleReads++;
      else staleBeyond++;
      if (ms > READ_AT_MOST_MS) {
        report.late.push({ edit, version, ms: null, staleReadsBeyond: staleBeyond });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  const sorted = [...report.lagsMs].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1) : '-');
  console.log(
    `${label}: ${report.edits} edits through one process, read back through the other: lag p50 ${at(0.5)} ms, max ${at(1)} ms; ` +
      `${report.staleReads} stale reads within ${FRESH_WITHIN_MS} ms; ${report.late.length} edits later than that` +
      (report.late.length ? ` (${JSON.stringify(report.late)})` : ''),
  );
  return report;
};
