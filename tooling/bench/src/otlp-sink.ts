#!/usr/bin/env node
/**
 * A stand-in OpenTelemetry collector for measuring tracing's cost: it accepts OTLP/HTTP exports
 * on `PORT` (default 4318), answers 200 at once and counts what it was sent, so the benchmark
 * measures the API's side of tracing and not a collector's.
 *
 *   node tooling/bench/src/otlp-sink.ts &
 *   OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 npx -y pnpm@12.21.0 bench -- --only read,me,patch,create
 *
 * On SIGINT or SIGTERM it prints how many exports and bytes it took, and exits.
 */
import { createServer } from 'node:http';

let received = 0;
let bytes = 0;
const server = createServer((req, res) => {
  req.on('data', (chunk: Buffer) => (bytes += chunk.length));
  req.on('end', () => {
    received += 1;
    res.writeHead(200, { 'content-type': 'application/x-protobuf' });
    res.end();
  });
});
server.listen(Number(process.env.PORT ?? 4318), '127.0.0.1');
const stop = () => {
  console.log(`${received} exports, ${bytes} bytes`);
  server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
