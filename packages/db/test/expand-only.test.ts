import { describe, expect, it } from 'vitest';
import { createIndexOnline, dropIndexOnline, sqlMigration } from '../src/index.ts';
import { contractions } from '../src/testing.ts';

const earlier = sqlMigration('202601010000_test_core', [
  'create table widgets (id text primary key, code text not null)',
  'create function widget_code(id text) returns text language sql immutable return id',
]);

const rulesOf = (statements: string[], online = [] as Parameters<typeof sqlMigration>[2]) =>
  contractions([earlier, sqlMigration('202601010100_test_next', statements, online)]).map((entry) => entry.rule);

describe('contractions: what the previous release may not survive', () => {
  it('lets additions through: tables, nullable columns, columns with a default, indexes, index drops', () => {
    expect(
      rulesOf(
        [
          'create table gadgets (id text primary key, size integer not null)',
          'alter table gadgets add constraint gadgets_size check (size > 0)',
          'alter table widgets add column note text null',
          "alter table widgets add column kind text not null default 'plain'",
          'create index widgets_kind_index on widgets (kind)',
          'drop index widgets_code_index',
        ],
        [createIndexOnline('widgets_note_index', 'widgets (note)'), dropIndexOnline('widgets_old_index')],
      ),
    ).toEqual([]);
  });

  it('names each contraction of a table or function an earlier migration created', () => {
    expect(
      rulesOf(
        [
          'alter table widgets drop column code',
          'alter table widgets rename column code to label',
          'alter table widgets alter column code type varchar(10)',
          'alter table widgets alter column code set not null',
          '-- a comment naming nothing\nalter table widgets add column size integer not null',
          'alter table widgets add constraint widgets_code_short check (length(code) < 10)',
          'create or replace function widget_code(id text) returns text language sql immutable return upper(id)',
          'drop table widgets',
          'create unique index widgets_code_unique on widgets (code)',
        ],
        [createIndexOnline('widgets_code_unique_online', 'widgets (code)', { unique: true })],
      ),
    ).toEqual([
      'drops a column',
      'renames',
      'changes a column type',
      'makes a column not null',
      'adds a not-null column without a default',
      'adds a constraint',
      'replaces a function',
      'drops a table, view, type or sequence',
      'adds a unique index',
      'adds a unique index',
    ]);
  });
});
