/**
 * `?` placeholders → PostgreSQL's `$1…$n`, for sending a statement with bind parameters.
 *
 * A `?` counts only outside single-quoted literals (`'…'`, `E'…'`), double-quoted identifiers,
 * dollar-quoted strings (`$$…$$`, `$tag$…$tag$`) and comments (`-- …`, nested `/* … *\/`). `??`,
 * `?|`, `?&` and `\?` are refused: MikroORM's inlining gave them other meanings (an identifier, a
 * literal `?`), and jsonb's `?|` / `?&` operators cannot be told apart from a placeholder followed by
 * an operator. No repository uses them; write `jsonb_exists_any(…)` / `jsonb_exists_all(…)` instead.
 */
export interface NumberedStatement {
  /** The SQL with `$1…$n`. */
  readonly text: string;
  /** How many placeholders it has (the parameters it needs). */
  readonly count: number;
}

const isIdentifierChar = (char: string | undefined): boolean => char !== undefined && /[\w$\u0080-\uffff]/.test(char);

/** The end (exclusive) of a quoted run that starts at `start` with `quote`; a doubled quote stays inside. */
const endOfQuoted = (sql: string, start: number, quote: string, backslashEscapes: boolean): number => {
  let i = start + 1;
  while (i < sql.length) {
    const char = sql[i];
    if (backslashEscapes && char === '\\') {
      i += 2;
      continue;
    }
    if (char === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  throw new Error(`Unterminated ${quote === "'" ? 'string literal' : 'quoted identifier'} in SQL: ${sql}`);
};

const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?\$/;

/** Rewrites `sql` once; see the module comment for what counts as a placeholder. */
export const numberPlaceholders = (sql: string): NumberedStatement => {
  const [first = '', ...rest] = splitAtPlaceholders(sql);
  return { text: rest.reduce((text, piece, i) => `${text}$${i + 1}${piece}`, first), count: rest.length };
};

/** The text of `sql` around its placeholders: one piece more than it has placeholders. */
export const splitAtPlaceholders = (sql: string): string[] => {
  const pieces: string[] = [];
  let from = 0;
  let i = 0;
  while (i < sql.length) {
    const char = sql[i]!;
    const next = sql[i + 1];
    if (char === "'") {
      // E'…' allows backslash escapes (`\'`); a standalone E, not the end of an identifier.
      const escaped = (sql[i - 1] === 'E' || sql[i - 1] === 'e') && !isIdentifierChar(sql[i - 2]);
      i = endOfQuoted(sql, i, "'", escaped);
    } else if (char === '"') {
      i = endOfQuoted(sql, i, '"', false);
    } else if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
    } else if (char === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (depth > 0) {
        if (i >= sql.length) throw new Error(`Unterminated comment in SQL: ${sql}`);
        const pair = sql.slice(i, i + 2);
        if (pair === '/*' || pair === '*/') {
          depth += pair === '/*' ? 1 : -1;
          i += 2;
        } else {
          i += 1;
        }
      }
    } else if (char === '$' && !isIdentifierChar(sql[i - 1])) {
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 64))?.[0];
      if (tag) {
        const end = sql.indexOf(tag, i + tag.length);
        if (end === -1) throw new Error(`Unterminated dollar-quoted string in SQL: ${sql}`);
        i = end + tag.length;
      } else {
        i += 1;
      }
    } else if (char === '?') {
      if (next === '?' || next === '|' || next === '&' || sql[i - 1] === '\\') {
        throw new Error(
          `Ambiguous "${sql[i - 1] === '\\' ? '\\?' : `?${next}`}" in SQL (a placeholder or a jsonb operator?); ` +
            `use jsonb_exists_any / jsonb_exists_all or put a space after the placeholder: ${sql}`,
        );
      }
      pieces.push(sql.slice(from, i));
      i += 1;
      from = i;
    } else {
      i += 1;
    }
  }
  pieces.push(sql.slice(from));
  return pieces;
};
