import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';

// Every process reads its settings with readConfig before it opens the database or a port, so a
// value refused here stops the start with this message.

describe('the HTTP timeouts from the environment', () => {
  it('defaults to a keep-alive longer than a load balancer’s 60 s idle timeout', () => {
    expect(readConfig({}).http).toEqual({ keepAliveMs: 65_000, headersMs: 20_000, requestMs: 30_000, maxConnections: 4_096 });
  });

  it('takes each from its variable', () => {
    const config = readConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '125000', HTTP_HEADERS_TIMEOUT_MS: '10000', HTTP_REQUEST_TIMEOUT_MS: ' 60000 ', HTTP_MAX_CONNECTIONS: '800' });
    expect(config.http).toEqual({ keepAliveMs: 125_000, headersMs: 10_000, requestMs: 60_000, maxConnections: 800 });
  });

  it('treats an empty variable as unset', () => {
    expect(readConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '' }).http.keepAliveMs).toBe(65_000);
  });

  it.each([
    ['HTTP_KEEP_ALIVE_TIMEOUT_MS', '65s'],
    ['HTTP_KEEP_ALIVE_TIMEOUT_MS', '0'],
    ['HTTP_HEADERS_TIMEOUT_MS', '-1'],
    ['HTTP_REQUEST_TIMEOUT_MS', '1.5'],
    ['HTTP_REQUEST_TIMEOUT_MS', '3000000000'],
  ])('refuses %s=%s, naming the variable, the value and what it takes', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(
      `${name} must be a whole number of milliseconds from 1 to 2147483647, such as`,
    );
    expect(() => readConfig({ [name]: value })).toThrow(`not "${value}"`);
  });

  it.each(['0', 'many', '2000000'])('refuses HTTP_MAX_CONNECTIONS=%s, saying what it takes', (value) => {
    expect(() => readConfig({ HTTP_MAX_CONNECTIONS: value })).toThrow(
      `HTTP_MAX_CONNECTIONS must be a whole number of connections from 1 to 1000000, such as 4096, not "${value}"`,
    );
  });

  it('refuses a headers timeout longer than the request timeout, which includes the headers', () => {
    expect(() => readConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      'HTTP_HEADERS_TIMEOUT_MS (40000) must not be longer than HTTP_REQUEST_TIMEOUT_MS (30000)',
    );
  });
});

describe('the proxies trusted for client addresses', () => {
  it('trusts none unless told, so a header a client writes is never its address', () => {
    expect(readConfig({}).trustedProxies).toBe(0);
    expect(readConfig({ TRUST_PROXY: '' }).trustedProxies).toBe(0);
  });

  it('takes the number of proxies in front', () => {
    expect(readConfig({ TRUST_PROXY: '1' }).trustedProxies).toBe(1);
    expect(readConfig({ TRUST_PROXY: ' 2 ' }).trustedProxies).toBe(2);
  });

  it.each(['true', 'yes', '-1', '1.5', '6'])('refuses TRUST_PROXY=%s, saying what it takes', (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(
      `TRUST_PROXY must be the number of proxies in front that append to X-Forwarded-For, from 0 to 5 (1 behind one balancer), not "${value}"`,
    );
  });
});

describe('the other settings, strict at start', () => {
  it('has documented defaults', () => {
    const config = readConfig({});
    expect({ port: config.port, host: config.host, pool: config.databasePoolSize, shutdown: config.shutdownTimeoutMs, writes: config.agentWritesPerMinute, dataDir: config.dataDir }).toEqual({
      port: 3000,
      host: '0.0.0.0',
      pool: 10,
      shutdown: 10_000,
      writes: 600,
      dataDir: '.data/pglite',
    });
  });

  it('takes each from its variable; an empty one counts as unset', () => {
    const config = readConfig({ PORT: '8080', HOST: '127.0.0.1', DATABASE_POOL_SIZE: '25', SHUTDOWN_TIMEOUT_MS: '25000', AGENT_WRITES_PER_MINUTE: '1200', SVC_DATA_DIR: '' });
    expect([config.port, config.host, config.databasePoolSize, config.shutdownTimeoutMs, config.agentWritesPerMinute, config.dataDir]).toEqual([
      8080,
      '127.0.0.1',
      25,
      25_000,
      1_200,
      '.data/pglite',
    ]);
    expect(readConfig({ PORT: '' }).port).toBe(3000);
    expect([readConfig({ BASE_URL: 'https://tasks.example.org/' }).baseUrl, readConfig({ BASE_URL: 'http://127.0.0.1:8080/svc' }).baseUrl]).toEqual([
      'https://tasks.example.org',
      'http://127.0.0.1:8080/svc',
    ]);
    expect([readConfig({}).sessionWritesPerMinute, readConfig({ SESSION_WRITES_PER_MINUTE: '300' }).sessionWritesPerMinute]).toEqual([120, 300]);
  });

  it.each([
    ['PORT', 'eighty', 'PORT must be a TCP port from 1 to 65535'],
    ['PORT', '70000', 'PORT must be a TCP port from 1 to 65535'],
    ['AGENT_WRITES_PER_MINUTE', '0', 'AGENT_WRITES_PER_MINUTE must be a whole number of writes from 1'],
    ['AGENT_WRITES_PER_MINUTE', 'lots', 'AGENT_WRITES_PER_MINUTE must be a whole number of writes from 1'],
    ['SESSION_WRITES_PER_MINUTE', '0', 'SESSION_WRITES_PER_MINUTE must be a whole number of writes from 1'],
    ['SESSION_WRITES_PER_MINUTE', '2.5', 'SESSION_WRITES_PER_MINUTE must be a whole number of writes from 1'],
    ['DATABASE_POOL_SIZE', '0', 'DATABASE_POOL_SIZE must be a whole number of connections from 1 to 1000'],
    ['SHUTDOWN_TIMEOUT_MS', '10s', 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    ['DATABASE_GROUP_COMMIT', 'no', 'DATABASE_GROUP_COMMIT must be one of on, off'],
    ['NODE_ENV', 'prod', 'NODE_ENV must be production, development or test'],
    ['DATABASE_POOL_MODE', 'statement', 'DATABASE_POOL_MODE must be session, transaction or auto'],
    ['BASE_URL', 'https://exa mple.org', 'BASE_URL must be an absolute http(s) URL'],
    ['BASE_URL', 'http://:::', 'BASE_URL must be an absolute http(s) URL'],
    ['BASE_URL', 'http://x.org?a=1', 'BASE_URL must be an absolute http(s) URL'],
    ['BASE_URL', 'https://user:secret@x.org', 'BASE_URL must be an absolute http(s) URL'],
    ['BASE_URL', 'ftp://x.org', 'BASE_URL must be an absolute http(s) URL'],
  ])('refuses %s=%s, naming the variable and what it takes', (name, value, message) => {
    expect(() => readConfig({ [name]: value })).toThrow(message);
    expect(() => readConfig({ [name]: value })).toThrow(`not "${value}"`);
  });

  it('takes PORT=0 (any free port) only with a BASE_URL: the default one would name port 0', () => {
    expect(() => readConfig({ PORT: '0' })).toThrow('PORT=0 (any free port) needs BASE_URL');
    expect(readConfig({ PORT: '0', BASE_URL: 'https://tasks.example.org' })).toMatchObject({ port: 0, baseUrl: 'https://tasks.example.org' });
  });
});

describe('the database URLs', () => {
  it('takes a PostgreSQL URL naming a host and a database', () => {
    expect(readConfig({ DATABASE_URL: 'postgresql://svc@db.internal:5432/svc', DATABASE_LISTEN_URL: 'postgres://svc@db-direct/svc' })).toMatchObject({
      databaseUrl: 'postgresql://svc@db.internal:5432/svc',
      databaseListenUrl: 'postgres://svc@db-direct/svc',
    });
    expect(readConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(readConfig({ DATABASE_URL: 'postgresql:///svc?host=/var/run/postgresql' }).databaseUrl).toBe('postgresql:///svc?host=/var/run/postgresql');
  });

  it.each([
    ['DATABASE_URL', 'notaurl'],
    ['DATABASE_URL', 'postgresql://svc:secret@db.internal:5432'],
    ['DATABASE_URL', 'mysql://svc@db/svc'],
    ['DATABASE_LISTEN_URL', 'garbage'],
  ])('refuses %s=%s naming the variable, without repeating the value (it may hold a password)', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(`${name} must be a PostgreSQL URL naming a host and a database`);
    expect(() => readConfig({ [name]: value })).not.toThrow(value);
  });
});

describe('the embedded database directory', () => {
  it('refuses SVC_DATA_DIR naming a file, naming the variable; a directory or a new path is taken', () => {
    const file = fileURLToPath(import.meta.url);
    expect(() => readConfig({ SVC_DATA_DIR: file })).toThrow(`SVC_DATA_DIR must be a directory (or a path where one can be made), not the file "${file}"`);
    expect(readConfig({ SVC_DATA_DIR: dirname(file) }).dataDir).toBe(dirname(file));
    expect(readConfig({ SVC_DATA_DIR: join(dirname(file), 'not-made-yet') }).dataDir).toBe(join(dirname(file), 'not-made-yet'));
    // With PostgreSQL the directory is not used, so it is not looked at.
    expect(readConfig({ SVC_DATA_DIR: file, DATABASE_URL: 'postgresql://svc@db/svc' }).dataDir).toBe(file);
  });
});

describe('the metrics secret and the slow-request threshold', () => {
  it('leaves metrics off unless a secret is set, and warns of requests from 1 s by default', () => {
    expect(readConfig({})).toMatchObject({ metricsToken: undefined, slowRequestMs: 1000 });
    expect(readConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });

  it('takes each from its variable', () => {
    expect(readConfig({ METRICS_TOKEN: 'a-long-enough-metrics-secret', SLOW_REQUEST_MS: '250' })).toMatchObject({
      metricsToken: 'a-long-enough-metrics-secret',
      slowRequestMs: 250,
    });
  });

  it.each(['short', 'has spaces inside it, long enough'])('refuses METRICS_TOKEN=%s, saying what it takes', (value) => {
    expect(() => readConfig({ METRICS_TOKEN: value })).toThrow(/METRICS_TOKEN must be at least 16 visible ASCII characters/);
  });

  it.each(['0', 'soon'])('refuses SLOW_REQUEST_MS=%s, saying what it takes', (value) => {
    expect(() => readConfig({ SLOW_REQUEST_MS: value })).toThrow(/SLOW_REQUEST_MS must be a whole number of milliseconds/);
  });
});

describe('tracing from the standard OTEL_* variables', () => {
  it('is off unless an exporter or an OTLP endpoint is named', () => {
    expect(readConfig({}).tracing).toBeUndefined();
    expect(readConfig({ OTEL_SERVICE_NAME: 'svc-eu' }).tracing).toBeUndefined();
    expect(readConfig({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toBeUndefined();
  });

  it.each([
    ['OTEL_TRACES_EXPORTER=otlp', { OTEL_TRACES_EXPORTER: 'otlp' }],
    ['an OTLP endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }],
    ['an OTLP traces endpoint', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector.example.org/v1/traces' }],
  ])('is on with %s, named task-and-directory unless OTEL_SERVICE_NAME says otherwise', (_, env: Record<string, string>) => {
    expect(readConfig(env).tracing).toEqual({ serviceName: 'task-and-directory', sampler: { parentBased: true, ratio: 1 }, exportTimeoutMs: 10_000 });
    expect(readConfig({ ...env, OTEL_SERVICE_NAME: 'svc-eu' }).tracing?.serviceName).toBe('svc-eu');
  });

  it('is off with OTEL_SDK_DISABLED=true whatever else is set', () => {
    expect(readConfig({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toBeUndefined();
    expect(readConfig({ OTEL_SDK_DISABLED: 'false', OTEL_TRACES_EXPORTER: 'otlp' }).tracing).toBeDefined();
  });

  it('takes the specification\'s samplers', () => {
    expect(readConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }).tracing?.sampler).toEqual({ parentBased: true, ratio: 0.1 });
    expect(readConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER: 'always_off' }).tracing?.sampler).toEqual({ parentBased: false, ratio: 0 });
  });

  it('takes the export timeout the exporter reads, the traces one first: the most the last spans may hold the exit', () => {
    const on = { OTEL_TRACES_EXPORTER: 'otlp' };
    expect(readConfig({ ...on, OTEL_EXPORTER_OTLP_TIMEOUT: '3000' }).tracing?.exportTimeoutMs).toBe(3000);
    expect(readConfig({ ...on, OTEL_EXPORTER_OTLP_TIMEOUT: '3000', OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: '2000' }).tracing?.exportTimeoutMs).toBe(2000);
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_TIMEOUT: 'soon' }, /OTEL_EXPORTER_OTLP_TIMEOUT must be a whole number of milliseconds from 1/],
    // Past setTimeout's largest delay the final export would give up at once (Node makes it 1 ms).
    [{ OTEL_EXPORTER_OTLP_TIMEOUT: '3000000000' }, /OTEL_EXPORTER_OTLP_TIMEOUT must be a whole number of milliseconds from 1 to 2147483647/],
    [{ OTEL_TRACES_EXPORTER: 'jaeger' }, /OTEL_TRACES_EXPORTER must be otlp .* or none, not "jaeger"/],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, /OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'grpc://collector:4317' }, /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http\(s\) URL/],
    [{ OTEL_SDK_DISABLED: 'yes' }, /OTEL_SDK_DISABLED must be true or false, not "yes"/],
    [{ OTEL_TRACES_SAMPLER: 'sometimes' }, /OTEL_TRACES_SAMPLER must be one of always_on, .*, not "sometimes"/],
    [{ OTEL_TRACES_SAMPLER_ARG: '1.5' }, /OTEL_TRACES_SAMPLER_ARG must be the share of traces kept, from 0 to 1/],
  ])('stops the start on %o', (env: Record<string, string>, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe('the bound on list reads from the environment', () => {
  it('defaults to one list built at once and a hundred waiting, each waiting at most 10 s', () => {
    expect(readConfig({}).listReads).toEqual({ concurrency: 1, queue: 100, waitMs: 10_000 });
  });

  it('takes each from its variable; a line of 0 refuses at once whatever finds every turn taken', () => {
    expect(readConfig({ LIST_READS_CONCURRENCY: '8', LIST_READS_QUEUE: '0' }).listReads).toEqual({ concurrency: 8, queue: 0, waitMs: 10_000 });
  });

  it.each([
    ['LIST_READS_CONCURRENCY', '0', 'LIST_READS_CONCURRENCY must be a whole number of lists built at once from 1 to 10000, such as 1, not "0"'],
    ['LIST_READS_CONCURRENCY', 'two', 'LIST_READS_CONCURRENCY must be a whole number of lists built at once from 1 to 10000'],
    ['LIST_READS_QUEUE', '-1', 'LIST_READS_QUEUE must be a whole number of waiting lists from 0 (none wait) to 10000, such as 100, not "-1"'],
    ['LIST_READS_QUEUE', '10001', 'LIST_READS_QUEUE must be a whole number of waiting lists from 0 (none wait) to 10000'],
  ])('refuses %s=%s, naming the variable and what it takes', (name, value, message) => {
    expect(() => readConfig({ [name]: value })).toThrow(message);
  });
});
