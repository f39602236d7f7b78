import type { Context, Span, Tracer } from '@opentelemetry/api';
import { endStatementSpan, startStatementSpan, tracedContext } from './statement-spans.ts';

/**
 * Where a write group's commit shows in traces (group-commit.ts, docs/operations.md "Traces"). One
 * message commits transactions of several requests, so it belongs to no one trace: each member gets
 * a `db commit` span of its own, in its own request's trace, from the moment its group started to
 * the moment its outcome is known. The spans of one group are linked: the first member's to every
 * other, every other to the first, so from any request one reaches the requests it was committed
 * with (bounded: a group holds at most 32 members).
 */

/** A member's trace, captured when it asked to be committed (its request's context). */
export interface MemberTrace {
  readonly tracer: Tracer;
  readonly parent: Context;
}

export const memberTrace = (tracer: Tracer | undefined): MemberTrace | undefined => {
  const parent = tracedContext(tracer);
  return parent ? { tracer: tracer!, parent } : undefined;
};

/** How a member's attempt in a group ended. */
export type MemberOutcome = { committed: true } | { committed: false; error: unknown } | { retried: true };

/**
 * Starts a `db commit` span for each traced member of a group about to be sent (undefined for the
 * others), linked as described above. Nothing at all when no member is traced.
 */
export const startGroupSpans = (members: readonly { readonly trace?: MemberTrace | undefined }[], how: 'grouped' | 'alone' | 'each'): (Span | undefined)[] | undefined => {
  if (!members.some((member) => member.trace)) return undefined;
  const spans = members.map((member) =>
    member.trace
      ? startStatementSpan(member.trace.tracer, member.trace.parent, 'commit', { 'svc.db.write_group.size': members.length, 'svc.db.write_group.mode': how })
      : undefined,
  );
  const traced = spans.filter((span): span is Span => span !== undefined);
  const [first, ...others] = traced;
  if (first && others.length > 0) {
    first.addLinks(others.map((span) => ({ context: span.spanContext() })));
    for (const span of others) span.addLink({ context: first.spanContext() });
  }
  return spans;
};

/** Ends a member's span: committed, failed (its SQLSTATE), or to be committed again in a later group. */
export const endMemberSpan = (span: Span | undefined, outcome: MemberOutcome): void => {
  if (!span) return;
  if ('retried' in outcome) {
    span.setAttribute('svc.db.write_group.retried', true);
    span.end();
  } else endStatementSpan(span, outcome.committed ? undefined : outcome.error);
};
