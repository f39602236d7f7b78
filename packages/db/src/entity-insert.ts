import type { EntityName, EntityProperty, MikroORM } from '@mikro-orm/core';
import { textArray } from './sql-values.ts';

/** Sends the INSERT: awaited outside a transaction, deferred to the next statement inside one. */
type Write = (sql: string, params: readonly unknown[]) => Promise<unknown> | void;

interface InsertPlan {
  /** `insert into … values`, the row's placeholders to repeat after it. */
  head: string;
  row: string;
  keys: string[];
  values: ((value: unknown) => unknown)[];
}

/** How a property's value goes to its column: JSON as text, `text[]` as an array literal. */
export const writerOf = (prop: EntityProperty): ((value: unknown) => unknown) => {
  const column = (prop.columnTypes[0] ?? '').toLowerCase();
  if (column === 'json' || column === 'jsonb') return (value) => (value === null || value === undefined ? null : JSON.stringify(value));
  if (column.endsWith('[]')) return (value) => (value === null || value === undefined ? null : textArray(value as string[]));
  return (value) => value;
};

/**
 * `db.insert(Entity, row)`: one row as `em.insert` writes it (property names mapped to the entity's
 * columns, JSON and `text[]` properties converted), without the entity manager's query builder,
 * handed to `write` (see `Database.insert` for when it goes out). Several rows take the properties
 * of the first.
 */
export const createEntityInsert = (orm: MikroORM, write: Write) => {
  const plans = new Map<EntityName<object>, Map<string, InsertPlan>>();

  const planFor = (entity: EntityName<object>, keys: string[]): InsertPlan => {
    const byKeys = plans.get(entity) ?? new Map<string, InsertPlan>();
    plans.set(entity, byKeys);
    const id = keys.join(',');
    const known = byKeys.get(id);
    if (known) return known;
    const meta = orm.getMetadata().get(entity);
    const props = keys.map((key) => {
      const prop = meta.properties[key as keyof typeof meta.properties] as EntityProperty | undefined;
      if (!prop || prop.persist === false || prop.generated) throw new Error(`${meta.className} has no column to write for "${key}"`);
      return prop;
    });
    // Unquoted, so the statement may go out with a transaction's `begin` (see pg-transaction.ts).
    const columns = props.map((prop) => prop.fieldNames[0]).join(', ');
    const plan = {
      head: `insert into ${meta.tableName} (${columns}) values `,
      row: `(${props.map(() => '?').join(', ')})`,
      keys,
      values: props.map(writerOf),
    };
    byKeys.set(id, plan);
    return plan;
  };

  /** One row, or several of the same properties in one statement. */
  return async <T extends object>(entity: EntityName<T>, rows: Partial<T> | readonly Partial<T>[]): Promise<void> => {
    const list = (Array.isArray(rows) ? rows : [rows]) as Record<string, unknown>[];
    if (list.length === 0) return;
    const keys = Object.keys(list[0]!).filter((key) => list[0]![key] !== undefined);
    const plan = planFor(entity as EntityName<object>, keys);
    const params = list.flatMap((row) => plan.keys.map((key, i) => plan.values[i]!(row[key])));
    await write(`${plan.head}${Array.from(list, () => plan.row).join(', ')}`, params);
  };
};
