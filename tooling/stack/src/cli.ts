#!/usr/bin/env node
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { tail } from './processes.ts';
import { startStack } from './stack.ts';
import { isAlive, readState, removeState, STATE_FILE, writeState } from './state-file.ts';

const USAGE = `pnpm stack <command>

  up [--apis N] [--workers N] [--database-url URL] [--listen direct|pooler]
        Start the production stack on one PostgreSQL database (default TEST_DATABASE_URL; created
        when missing, the processes migrate it):
        PgBouncer in transaction mode, N API processes (default 2), N workers (default 2) and
        HAProxy in front; print where they are and stay in the foreground. Ctrl-C stops it.
  down  Stop the stack \`up\` started in another shell.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    apis: { type: 'string' },
    workers: { type: 'string' },
    'database-url': { type: 'string' },
    listen: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const count = (name: 'apis' | 'workers', min: number): number | undefined => {
  const value = values[name];
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > 16) fail(`--${name} takes a whole number from ${min} to 16, not "${value}"`);
  return n;
};

const waitForExit = async (pid: number, timeoutMs: number): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
};

const up = async () => {
  const running = readState();
  if (running && isAlive(running.pid)) fail(`A stack is already up (process ${running.pid}, ${running.url}); stop it with \`pnpm stack down\`.`);
  if (running) rmSync(STATE_FILE, { force: true });
  const listen = values.listen ?? 'direct';
  if (listen !== 'direct' && listen !== 'pooler') fail(`--listen takes direct or pooler, not "${listen}"`);

  console.log('Starting PgBouncer, the API processes, the workers and HAProxy …');
  const stack = await startStack({
    apis: count('apis', 1),
    workers: count('workers', 0),
    listen: listen as 'direct' | 'pooler',
    ...(values['database-url'] ? { databaseUrl: values['database-url'] } : {}),
    onUnexpectedExit: (name, exit, output) => console.error(`\n${name} exited (${exit}). Its last output:\n${tail(output)}\n`),
  });
  // Whatever ends this process, the file must not claim a stack that is gone.
  process.once('exit', () => removeState(process.pid));

  const parts = [stack.pgbouncer, ...stack.apis, ...stack.workers, stack.balancer];
  writeState({
    pid: process.pid,
    url: stack.url,
    pgbouncerUrl: stack.pgbouncerUrl,
    databaseUrl: stack.databaseUrl,
    processes: parts.map((part) => ({ name: part.name, pid: part.pid })),
    startedAt: new Date().toISOString(),
  });

  console.log(`
The stack is up.
  Balancer (BASE_URL)  ${stack.url}
  PgBouncer            ${stack.pgbouncerUrl}
  PostgreSQL           ${stack.databaseUrl}
${stack.apis.map((api) => `  ${api.name.padEnd(20)} ${api.url}  pid ${api.pid}`).join('\n')}
${stack.workers.map((worker) => `  ${worker.name.padEnd(20)} pid ${worker.pid}`).join('\n')}
  pgbouncer            pid ${stack.pgbouncer.pid}
  haproxy              pid ${stack.balancer.pid}
  Configuration        ${stack.dir}

Ctrl-C (or \`pnpm stack down\` in another shell) stops it.`);

  let stopping = false;
  const stop = async (signal: string) => {
    // A second Ctrl-C does not wait: every part dies with this process (see processes.ts).
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`\n${signal}: stopping the stack …`);
    await stack.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
};

const down = async () => {
  const state = readState();
  if (!state || !isAlive(state.pid)) {
    rmSync(STATE_FILE, { force: true });
    console.log('No stack is up.');
    return;
  }
  console.log(`Stopping the stack of process ${state.pid} (${state.url}) …`);
  process.kill(state.pid, 'SIGTERM');
  if (!(await waitForExit(state.pid, 30_000))) {
    // Its parts die with it; the rest are killed by the ids it recorded, in case.
    process.kill(state.pid, 'SIGKILL');
    for (const part of state.processes) if (isAlive(part.pid)) process.kill(part.pid, 'SIGKILL');
    console.log('It did not stop within 30 s and was killed.');
  }
  rmSync(STATE_FILE, { force: true });
  console.log('Stopped.');
};

const [command] = positionals;
try {
  if (values.help || !command) console.log(USAGE);
  else if (command === 'up') await up();
  else if (command === 'down') await down();
  else fail(`Unknown command "${positionals.join(' ')}"\n\n${USAGE}`);
} catch (error) {
  // The stack's errors say which part failed and what it printed: that is the message, not a trace.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
