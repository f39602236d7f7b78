import { context, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_RESPONSE_STATUS_CODE,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
  ERROR_TYPE_VALUE_OTHER,
} from '@opentelemetry/semantic-conventions';
import type { DatabaseObserver } from '../observer.ts';

/**
 * Spans for statements, in the trace of the request that sent them (docs/operations.md, "Traces").
 * With tracing off the database gets no tracer and none of this runs. With it on, a statement gets a
 * span only inside a sampled request's span: the change feed, the pool-mode probe, migrations and
 * the daily cleanup start no traces of their own.
 *
 * What a span holds is the statement's text with its placeholders (`$1…`; the values go as bind
 * parameters), and PostgreSQL's error code when it
 * failed: never a value, and never the error's message, which may quote one
 * (`invalid input syntax for type uuid: "…"`).
 */

/** The statement's first keyword (`select`, `insert`, `with`, `commit`…), for the span's name. */
export const operationOf = (text: string): string => /^[\s(]*([A-Za-z]+)/.exec(text)?.[1]?.toLowerCase() ?? 'statement';

/** The context a statement span goes under, when a sampled request span is active in it. */
export const tracedContext = (tracer: Tracer | undefined): Context | undefined => {
  if (!tracer) return undefined;
  const active = context.active();
  return trace.getSpan(active)?.isRecording() ? active : undefined;
};

/** A span for one statement (`db select`), under `parent`. */
export const startStatementSpan = (tracer: Tracer, parent: Context, text: string, attributes: Record<string, string | number | boolean> = {}): Span => {
  const operation = operationOf(text);
  return tracer.startSpan(
    `db ${operation}`,
    {
      kind: SpanKind.CLIENT,
      attributes: { [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL, [ATTR_DB_OPERATION_NAME]: operation, [ATTR_DB_QUERY_TEXT]: text, ...attributes },
    },
    parent,
  );
};

/** Ends `span` with the statement's outcome: PostgreSQL's SQLSTATE on failure, never its message. */
export const endStatementSpan = (span: Span, error?: unknown): void => {
  if (error !== undefined) {
    const code = (error as { code?: unknown } | null)?.code;
    // A SQLSTATE (`23505`); anything else (a lost connection, a statement never sent because its
    // transaction rolled back) is `_OTHER`, so the attribute keeps to a fixed set of values.
    const sqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
    span.setAttributes(sqlState ? { [ATTR_ERROR_TYPE]: sqlState, [ATTR_DB_RESPONSE_STATUS_CODE]: sqlState } : { [ATTR_ERROR_TYPE]: ERROR_TYPE_VALUE_OTHER });
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
};

/**
 * Runs `run` (one statement going out) under a span of its own when a request is traced, and tells
 * `observer` how long it took when it counts statements (the metrics); else just runs it.
 */
export const watchStatement = async <T>(tracer: Tracer | undefined, observer: DatabaseObserver, text: string, run: () => Promise<T>): Promise<T> => {
  const parent = tracedContext(tracer);
  const timed = observer.statement;
  if (!parent && !timed) return run();
  const span = parent ? startStatementSpan(tracer!, parent, text) : undefined;
  const started = performance.now();
  try {
    const result = await run();
    if (span) endStatementSpan(span);
    timed?.call(observer, operationOf(text), (performance.now() - started) / 1000, 'ok');
    return result;
  } catch (error) {
    if (span) endStatementSpan(span, error);
    timed?.call(observer, operationOf(text), (performance.now() - started) / 1000, 'error');
    throw error;
  }
};

/** Whether statements are watched at all: with neither tracing nor statement metrics, they go bare. */
export const watchesStatements = (tracer: Tracer | undefined, observer: DatabaseObserver): boolean => tracer !== undefined || observer.statement !== undefined;
