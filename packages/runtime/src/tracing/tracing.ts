import { context, diag, DiagLogLevel, propagation, trace, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { defaultResource, detectResources, resourceAttributesEnvDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { SamplerConfig, TracingConfig } from './tracing-config.ts';

/**
 * Tracing while a process runs (docs/operations.md, "Traces"). Started only when tracing is on:
 * off, no provider, context manager or propagator is registered, the database and the HTTP kernel
 * get no tracer, and no tracing code runs on a request at all.
 */
export interface Tracing {
  /** What the HTTP kernel and the database start their spans with. */
  readonly tracer: Tracer;
  /**
   * Sends the spans still held and stops; on SIGTERM, after the database closed, so the last
   * requests' spans are not lost. Unregisters everything it registered.
   */
  stop(): Promise<void>;
}

const samplerOf = ({ parentBased, ratio }: SamplerConfig): Sampler => {
  const root = ratio >= 1 ? new AlwaysOnSampler() : ratio <= 0 ? new AlwaysOffSampler() : new TraceIdRatioBasedSampler(ratio);
  return parentBased ? new ParentBasedSampler({ root }) : root;
};

/**
 * Registers the W3C trace-context propagator, an AsyncLocalStorage context manager and a provider
 * whose spans go to `processor`: by default batched to the OTLP/HTTP exporter, which reads
 * `OTEL_EXPORTER_OTLP_*` (endpoint, headers, timeout, compression) itself. Tests pass a processor
 * over an in-memory exporter. One at a time per process: a second start while one runs is refused.
 */
let running = false;

export const startTracing = (
  { serviceName, sampler, exportTimeoutMs }: TracingConfig,
  {
    processor,
    warn,
  }: {
    processor?: SpanProcessor;
    /** Where spans that could not be sent are told of (an unreachable collector): they are lost, never the process. */
    warn?: (message: string, error?: unknown) => void;
  } = {},
): Tracing => {
  // The API's globals are set once; a second provider would be refused and its spans lost in silence.
  if (running) throw new Error('Tracing was already started in this process: stop it before starting it again.');
  running = true;
  const resource = defaultResource()
    .merge(detectResources({ detectors: [resourceAttributesEnvDetector] }))
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }));
  const provider = new TracerProvider({
    resource,
    sampler: samplerOf(sampler),
    spanProcessors: [processor ?? new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  if (warn) {
    // The exporter reports a failed export here (and nothing else reaches the log otherwise).
    const told = (message: string, ...args: unknown[]) => warn(`tracing: ${message}`, args[0]);
    diag.setLogger({ error: told, warn: told, info: () => {}, debug: () => {}, verbose: () => {} }, DiagLogLevel.WARN);
  }
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return {
    tracer: provider.getTracer(serviceName),
    stop: async () => {
      try {
        // A collector that is down or slow costs the spans still held, never the clean exit: one that
        // takes the connection and never answers would hold the shutdown for ever, so it is bounded.
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer from the collector in ${exportTimeoutMs} ms`)), exportTimeoutMs);
          timer.unref();
        });
        await Promise.race([provider.shutdown(), timedOut])
          .catch((error: unknown) => warn?.('tracing: the last spans could not be sent', error))
          .finally(() => clearTimeout(timer));
      } finally {
        diag.disable();
        trace.disable();
        propagation.disable();
        context.disable();
        running = false;
      }
    },
  };
};
