import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPOSITORY_ROOT } from './start-command.ts';

/** Where `stack up` says what it runs, so that `stack down` in another shell can stop it (gitignored). */
export const STATE_FILE = join(REPOSITORY_ROOT, '.stack', 'state.json');

export interface StackState {
  /** The `stack up` process: stopping it stops everything. */
  pid: number;
  url: string;
  pgbouncerUrl: string;
  databaseUrl: string;
  /** Every part's process id, should the owner have to be killed. */
  processes: { name: string; pid: number }[];
  startedAt: string;
}

export const readState = (): StackState | undefined => {
  try {
    return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as StackState;
  } catch {
    return undefined;
  }
};

export const writeState = (state: StackState): void => {
  mkdirSync(dirname(STATE_FILE), { recursive: true });
  writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`);
};

/** Removes the file, if it is still the given owner's. */
export const removeState = (pid: number): void => {
  if (readState()?.pid === pid) rmSync(STATE_FILE, { force: true });
};

export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
