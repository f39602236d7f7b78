import { MAX_TIMEOUT_MS } from '../timer-limit.ts';

/**
 * Whether a serving process traces, from the standard OpenTelemetry variables (docs/operations.md,
 * "Traces"). Off unless asked for: `OTEL_TRACES_EXPORTER=otlp`, or an OTLP endpoint set
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) without saying
 * `OTEL_TRACES_EXPORTER=none`. `OTEL_SDK_DISABLED=true` turns it off whatever else is set. The
 * exporter reads the endpoints, headers, timeout and compression itself; they are checked here
 * only so that a mistyped URL stops the start instead of losing every span in silence.
 */
export interface TracingConfig {
  /** `service.name` of every span (`OTEL_SERVICE_NAME`). */
  serviceName: string;
  sampler: SamplerConfig;
  /**
   * How long one export may take (`OTEL_EXPORTER_OTLP_TRACES_TIMEOUT`, else `OTEL_EXPORTER_OTLP_TIMEOUT`,
   * else the specification's 10 s): also the most the last spans' send may hold the exit.
   */
  exportTimeoutMs: number;
}

const DEFAULT_EXPORT_TIMEOUT_MS = 10_000;

const readExportTimeout = (env: NodeJS.ProcessEnv): number => {
  const [name, given] = env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT?.trim()
    ? ['OTEL_EXPORTER_OTLP_TRACES_TIMEOUT', env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT]
    : ['OTEL_EXPORTER_OTLP_TIMEOUT', env.OTEL_EXPORTER_OTLP_TIMEOUT];
  const raw = given?.trim();
  if (!raw) return DEFAULT_EXPORT_TIMEOUT_MS;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_TIMEOUT_MS) {
    throw new Error(`${name} must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, such as 10000, not "${given}"`);
  }
  return Number(raw);
};

/** Which traces are kept (`OTEL_TRACES_SAMPLER`, `OTEL_TRACES_SAMPLER_ARG`), as the specification names them. */
export interface SamplerConfig {
  /** Follow the caller's sampled flag when a `traceparent` came with the request. */
  parentBased: boolean;
  /** The share of new traces kept, from 0 to 1. */
  ratio: number;
}

/** The logs' `service` too (@svc/http logger.ts). */
export const DEFAULT_SERVICE_NAME = 'task-and-directory';

const SAMPLERS: Record<string, (arg: number) => SamplerConfig> = {
  always_on: () => ({ parentBased: false, ratio: 1 }),
  always_off: () => ({ parentBased: false, ratio: 0 }),
  traceidratio: (ratio) => ({ parentBased: false, ratio }),
  parentbased_always_on: () => ({ parentBased: true, ratio: 1 }),
  parentbased_always_off: () => ({ parentBased: true, ratio: 0 }),
  parentbased_traceidratio: (ratio) => ({ parentBased: true, ratio }),
};

const readSampler = (env: NodeJS.ProcessEnv): SamplerConfig => {
  const name = env.OTEL_TRACES_SAMPLER?.trim() || 'parentbased_always_on';
  const make = SAMPLERS[name];
  if (!make) throw new Error(`OTEL_TRACES_SAMPLER must be one of ${Object.keys(SAMPLERS).join(', ')}, not "${name}"`);
  const raw = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const ratio = raw ? Number(raw) : 1;
  if (!(ratio >= 0 && ratio <= 1)) throw new Error(`OTEL_TRACES_SAMPLER_ARG must be the share of traces kept, from 0 to 1 (such as 0.1), not "${env.OTEL_TRACES_SAMPLER_ARG}"`);
  return make(ratio);
};

const readEndpoint = (env: NodeJS.ProcessEnv, name: 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'): string | undefined => {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!/^https?:\/\/[^/]+/.test(value)) {
    throw new Error(`${name} must be an http(s) URL of an OTLP/HTTP receiver, such as http://otel-collector:4318, not "${env[name]}"`);
  }
  return value;
};

/** Undefined: tracing is off. */
export const readTracingConfig = (env: NodeJS.ProcessEnv): TracingConfig | undefined => {
  const disabled = env.OTEL_SDK_DISABLED?.trim().toLowerCase();
  if (disabled && disabled !== 'true' && disabled !== 'false') throw new Error(`OTEL_SDK_DISABLED must be true or false, not "${env.OTEL_SDK_DISABLED}"`);
  const exporter = env.OTEL_TRACES_EXPORTER?.trim() || undefined;
  if (exporter && exporter !== 'otlp' && exporter !== 'none') {
    throw new Error(`OTEL_TRACES_EXPORTER must be otlp (traces sent to an OTLP/HTTP receiver) or none, not "${env.OTEL_TRACES_EXPORTER}"`);
  }
  // Read even when off, so a wrong value is found before the day it is needed.
  const tracesEndpoint = readEndpoint(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const endpoint = readEndpoint(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  const sampler = readSampler(env);
  const exportTimeoutMs = readExportTimeout(env);
  const on = exporter === 'otlp' || (exporter === undefined && (tracesEndpoint ?? endpoint) !== undefined);
  if (disabled === 'true' || !on) return undefined;
  return { serviceName: env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME, sampler, exportTimeoutMs };
};
