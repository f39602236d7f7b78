import type { CompiledQuery, Kysely } from 'kysely';
import type { Compilable } from './sql-builder.ts';

/** Stands in the builder for a value given at each call; the compiled statement holds it as a parameter. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

interface Template<R> {
  readonly query: CompiledQuery<R>;
  /** For each parameter of `query`, the name of the value it takes, or null for a constant of the statement. */
  readonly slots: readonly (string | null)[];
}

const templateOf = <P, R>(builder: Kysely<never>, build: (values: P) => Compilable<R>): Template<R> => {
  const named = new Set<string>();
  const values = new Proxy({} as Record<string, Slot>, {
    get: (_target, name) => {
      if (typeof name !== 'string') return undefined;
      named.add(name);
      return new Slot(name);
    },
  });
  const query = build(values as P).compile(builder);
  const slots = query.parameters.map((parameter) => (parameter instanceof Slot ? parameter.name : null));
  // A value that shaped the text (a branch, a list spread into `in (…)`, a literal) cannot be replaced
  // later: refuse the statement rather than send every call the first call's shape.
  const missing = [...named].filter((name) => !slots.includes(name));
  if (missing.length > 0 || query.sql.includes('[object Object]')) {
    throw new Error(`A prepared statement's values must each become a parameter; ${missing.join(', ') || 'one'} shaped the text: ${query.sql}`);
  }
  return { query, slots };
};

/**
 * A statement built and compiled once, then sent with each call's values: `build` receives stand-ins
 * for the values and must use each as a value only (`where('id', '=', v.id)`, `sql.val(v.at)`), never
 * to choose the statement's shape (a statement per shape instead: one for signed-in callers, one for
 * the rest). The text and parameters are exactly those that building the statement per call gives;
 * only the building and compiling are skipped, which on the busiest reads cost as much as the rest
 * of the request's own code (docs/performance.md, "Statements built once").
 *
 * @example
 * const byId = prepared((v: { id: string }) => q.selectFrom('jobs').select(columns).where('id', '=', v.id));
 * const [row] = await db.query(byId({ id }));
 */
export const prepared = <P extends object, R>(build: (values: P) => Compilable<R>): ((values: P) => Compilable<R>) => {
  let template: Template<R> | undefined;
  return (values) => ({
    compile: (builder) => {
      template ??= templateOf(builder, build);
      const { query, slots } = template;
      const given = values as Record<string, unknown>;
      return { ...query, parameters: slots.map((name, at) => (name === null ? query.parameters[at] : given[name])) };
    },
  });
};

/** How many shapes `preparedShapes` keeps built. */
const MAX_SHAPES = 500;

/**
 * Prepared statements of several shapes (the rows of an insert, the columns an update sets), each
 * built on the first use of its shape, which `keyOf` names. At most 500 shapes are kept: past them
 * (a caller sending ever new combinations), a statement is built for the call and not kept, so a
 * client choosing its fields cannot grow the process's memory.
 */
export const preparedShapes = <S, P extends object, R>(
  keyOf: (shape: S) => string,
  build: (shape: S) => (values: P) => Compilable<R>,
): ((shape: S) => (values: P) => Compilable<R>) => {
  const kept = new Map<string, (values: P) => Compilable<R>>();
  return (shape) => {
    const key = keyOf(shape);
    let statement = kept.get(key);
    if (!statement) {
      statement = build(shape);
      if (kept.size < MAX_SHAPES) kept.set(key, statement);
    }
    return statement;
  };
};
