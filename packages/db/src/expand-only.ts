import type { MigrationObject } from '@mikro-orm/core';
import { onlineSteps } from './online-steps.ts';

/**
 * A statement of a migration that the previous release's code may not survive (docs/operations.md,
 * "Upgrades and rollbacks"): it removes, renames or narrows something that code reads or writes,
 * or changes what a function it calls does. Adding tables, nullable columns, columns with a
 * default, functions and indexes, and dropping indexes, are all the previous release can live with.
 */
export interface Contraction {
  migration: string;
  rule: string;
  statement: string;
}

// One statement as a line of lower case without comments, so that the rules can be simple patterns.
const normalise = (sql: string): string =>
  sql.replace(/--[^\n]*/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();

const identifier = String.raw`"?([a-z_][a-z0-9_]*)"?`;
const CREATE_TABLE = new RegExp(String.raw`^create table (?:if not exists )?${identifier}`);
const CREATE_FUNCTION = new RegExp(String.raw`^create (or replace )?function ${identifier}`);
const ALTER_TABLE = new RegExp(String.raw`^alter table (?:if exists )?(?:only )?${identifier}`);
const CREATE_UNIQUE_INDEX_ON = new RegExp(String.raw`^create unique index .*? on (?:only )?${identifier}`);

/** Rules for any statement. */
const ANYWHERE: readonly [rule: string, pattern: RegExp][] = [
  ['drops a table, view, type or sequence', /^drop (table|view|materialized view|type|sequence|schema)\b/],
  ['drops a function', /^drop function\b/],
  ['drops a trigger', /^drop trigger\b/],
  ['empties a table', /^truncate\b/],
];

/** Rules for `alter table` on a table an earlier migration created (a new table is the new release's alone). */
const ON_EXISTING_TABLE: readonly [rule: string, test: (statement: string) => boolean][] = [
  ['drops a column', (s) => /\bdrop column\b/.test(s)],
  ['renames', (s) => /\brename\b/.test(s)],
  ['changes a column type', (s) => /\balter column \S+ (set data )?type\b/.test(s)],
  ['makes a column not null', (s) => /\bset not null\b/.test(s)],
  ['drops a default', (s) => /\bdrop default\b/.test(s)],
  ['adds a not-null column without a default', (s) => /\badd column\b/.test(s) && /\bnot null\b/.test(s) && !/\bdefault\b/.test(s)],
  ['adds a constraint', (s) => /\badd (constraint|unique|check|foreign key|primary key|exclude)\b/.test(s)],
];

const sqlOf = (migration: MigrationObject): readonly string[] | undefined =>
  (migration as { statements?: readonly string[] }).statements;

/**
 * Every statement, in every migration, that contracts the schema the previous release runs on.
 * Tables and functions count as existing once a migration earlier in name order created them.
 */
export const contractions = (migrations: readonly MigrationObject[]): Contraction[] => {
  const found: Contraction[] = [];
  const tables = new Set<string>();
  const functions = new Set<string>();
  for (const migration of [...migrations].sort((a, b) => a.name.localeCompare(b.name))) {
    const raw = sqlOf(migration);
    if (!raw) {
      found.push({ migration: migration.name, rule: 'is not plain SQL and cannot be checked', statement: '' });
      continue;
    }
    const existing = new Set(tables);
    const report = (rule: string, statement: string) => found.push({ migration: migration.name, rule, statement: statement.slice(0, 120) });
    for (const statement of raw.map(normalise)) {
      for (const [rule, pattern] of ANYWHERE) if (pattern.test(statement)) report(rule, statement);
      const created = CREATE_TABLE.exec(statement)?.[1];
      if (created) tables.add(created);
      const fn = CREATE_FUNCTION.exec(statement);
      if (fn?.[2]) {
        if (functions.has(fn[2])) report('replaces a function', statement);
        functions.add(fn[2]);
      }
      const altered = ALTER_TABLE.exec(statement)?.[1];
      if (altered && existing.has(altered)) for (const [rule, test] of ON_EXISTING_TABLE) if (test(statement)) report(rule, statement);
      const uniqueOn = CREATE_UNIQUE_INDEX_ON.exec(statement)?.[1];
      if (uniqueOn && existing.has(uniqueOn)) report('adds a unique index', statement);
    }
    for (const step of onlineSteps(migration)) {
      if (step.kind !== 'create index' || !step.unique) continue;
      const table = /^"?([a-z_][a-z0-9_]*)/.exec(step.on.trim().toLowerCase())?.[1];
      if (table && existing.has(table)) report('adds a unique index', `create unique index ${step.name} on ${step.on}`);
    }
  }
  return found;
};
