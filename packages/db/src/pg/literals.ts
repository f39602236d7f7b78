/** Values written as SQL literals, for statements sent by the simple protocol (which takes no parameters). */
import { NulCharacterError } from '@svc/kernel';

/**
 * A statement for the simple protocol, which takes no parameters: its text (placeholders `$1…`, no
 * quotes in it) and its values written as literals. Sent inlined, or as `execute` of the text
 * prepared on the connection (group-commit.ts).
 */
export interface WrittenStatement {
  readonly text: string;
  readonly literals: readonly string[];
  /** Its values as bound, for the pipelined path (pipelined.ts). */
  readonly values?: readonly unknown[];
  /** The name the driver prepares it under (session mode, pipelined path only). */
  readonly name?: string | undefined;
}

/**
 * `pg.escapeLiteral`'s result, written with `replaceAll` instead of its loop that appends one
 * character at a time (a stored answer of a few KB took tens of µs per create): quotes doubled,
 * and with a backslash, backslashes doubled inside an `E'…'` string, so the literal means the same
 * whatever `standard_conforming_strings` says. A NUL is refused (`NulCharacterError`, a 400): the
 * statement's text would end at it, and text columns cannot hold it anyway.
 */
export const quoteLiteral = (value: string): string => {
  if (value.includes('\u0000')) throw new NulCharacterError();
  return value.includes('\\') ? ` E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'` : `'${value.replaceAll("'", "''")}'`;
};

/**
 * Values written as literals for the simple protocol. Every value goes in quoted, as an untyped
 * literal, so PostgreSQL infers its type from where it stands exactly as it does for a bind
 * parameter. Undefined when a value cannot be written so (bytes).
 */
export const literalsOf = (values: readonly unknown[]): string[] | undefined => {
  const literals: string[] = [];
  for (const value of values) {
    if (value === null) literals.push('null');
    else if (typeof value === 'string') literals.push(quoteLiteral(value));
    else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') literals.push(`'${String(value)}'`);
    else return undefined;
  }
  return literals;
};

/** The statement's text with its literals in place of its placeholders. */
export const inlineLiterals = ({ text, literals }: WrittenStatement): string =>
  literals.length === 0 ? text : text.replace(/\$(\d+)/g, (_, n: string) => literals[Number(n) - 1]!);

/** `text` (placeholders `$1…`, no quotes in it) with each value written as a literal; undefined for bytes. */
export const inlineValues = (text: string, values: readonly unknown[]): string | undefined => {
  const literals = literalsOf(values);
  return literals && inlineLiterals({ text, literals });
};
