import { sql, type SqlBool } from 'kysely';

/**
 * Full-text search of a table's generated `search` column (a tsvector of the `english`
 * configuration), from words as a person types them (`websearch_to_tsquery`: quoted phrases, `or`,
 * `-word`). Jobs and offers filter and rank with these, so a search means the same on both.
 */
export const searchMatches = (q: string) => sql<SqlBool>`search @@ websearch_to_tsquery('english', ${q})`;

/** How well a row matches the search, for ordering by relevance. */
export const searchRank = (q: string) => sql<number>`ts_rank(search, websearch_to_tsquery('english', ${q}))`;
