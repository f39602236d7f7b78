import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import { ATTR_ERROR_TYPE, ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';

/**
 * A request's span (docs/operations.md, "Traces"). It continues the caller's trace when the request
 * carries a W3C `traceparent` (through the propagator the process registered when tracing started),
 * and is the active span while the request is answered, so the statements it sends are its children
 * and anything it calls out to carries its trace on. It is named once the route is known: by the
 * operation id (`jobs.create`), or by the method and route template (`GET /jobs/:id`); never by the
 * raw path, which holds ids. Its attributes are the method, the route template and the status.
 */
export interface RequestSpan {
  readonly span: Span;
  /** Runs the rest of the request with this span active. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Names the span, records the outcome (a 5xx marks it an error, typed by the error code) and ends it. */
  end(name: string, route: string, status: number, errorCode: string | undefined): void;
}

export const startRequestSpan = (tracer: Tracer, method: string, headers: Record<string, string | string[] | undefined>): RequestSpan => {
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  // Named by the method until the route is matched, as the semantic conventions name an unrouted request.
  const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: method } }, parent);
  const active = trace.setSpan(parent, span);
  return {
    span,
    run: (work) => context.with(active, work),
    end: (name, route, status, errorCode) => {
      span.updateName(name);
      span.setAttributes({ [ATTR_HTTP_ROUTE]: route, [ATTR_HTTP_RESPONSE_STATUS_CODE]: status });
      if (status >= 500) {
        // The error code is one of the catalogue's names (`internal`, `query_timeout`): never a message.
        span.setAttribute(ATTR_ERROR_TYPE, errorCode ?? String(status));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    },
  };
};
