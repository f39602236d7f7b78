import type * as v from 'valibot';
import { fieldPattern } from '@svc/kernel';

/** One field of a details schema, as `GET /templates/{id}?format=json` shows it. */
export interface FieldDescription {
  name?: string;
  type: string;
  required?: boolean;
  default?: unknown;
  description?: string;
  format?: string;
  pattern?: string;
  integer?: boolean;
  minimum?: number;
  maximum?: number;
  min_length?: number;
  max_length?: number;
  min_items?: number;
  max_items?: number;
  one_of?: readonly unknown[];
  items?: FieldDescription;
  fields?: FieldDescription[];
  unknown_fields?: 'refused' | 'allowed';
}

/** The parts of valibot's schema and action objects this walker reads. */
interface Node {
  type: string;
  kind?: string;
  requirement?: unknown;
  description?: string;
  entries?: Record<string, Node>;
  wrapped?: Node;
  default?: unknown;
  item?: Node;
  options?: readonly unknown[];
  pipe?: readonly Node[];
}

const WRAPPERS = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable']);
const FORMATS: Record<string, string> = {
  iso_date: 'date (YYYY-MM-DD)',
  iso_time: 'time (HH:MM, 24-hour)',
  iso_timestamp: 'timestamp (ISO 8601)',
  email: 'e-mail address',
  url: 'URL',
};

/** Applies one pipe action (a limit, a format, a description) to the description being built. */
const applyAction = (out: FieldDescription, action: Node, isList: boolean): void => {
  const requirement = action.requirement;
  switch (action.type) {
    case 'description':
      out.description = action.description ?? '';
      break;
    // A list's length counts items; text limits count characters (code points: the kernel's
    // minChars / maxChars), and only text has them.
    case 'min_length':
    case 'min_code_points':
      out[isList ? 'min_items' : 'min_length'] = requirement as number;
      break;
    case 'max_length':
    case 'max_code_points':
      out[isList ? 'max_items' : 'max_length'] = requirement as number;
      break;
    case 'min_value':
      out.minimum = requirement as number;
      break;
    case 'max_value':
      out.maximum = requirement as number;
      break;
    case 'integer':
      out.integer = true;
      break;
    case 'regex':
      out.pattern = fieldPattern(out.pattern, requirement as RegExp);
      break;
    default:
      if (FORMATS[action.type]) out.format = FORMATS[action.type];
  }
};

/** A schema's pipe with nested pipes spread out (a shared kernel type with a description added): its base schema and every action, in order. */
const flatPipe = (node: Node): { base: Node; actions: readonly Node[] } => {
  const first = node.pipe?.[0];
  if (!first || first === node) return { base: node, actions: [] };
  const inner = flatPipe(first);
  return { base: inner.base, actions: [...inner.actions, ...node.pipe!.slice(1)] };
};

const describeNode = (node: Node): FieldDescription => {
  if (WRAPPERS.has(node.type) && node.wrapped) {
    const inner: FieldDescription = { ...describeNode(node.wrapped), required: false };
    if (node.default !== undefined && typeof node.default !== 'function') inner.default = node.default;
    return inner;
  }
  const { base, actions } = flatPipe(node);
  const out: FieldDescription = { type: base.type === 'strict_object' ? 'object' : base.type };
  if (base.type === 'object' || base.type === 'strict_object') {
    out.fields = describeEntries(base.entries ?? {});
    out.unknown_fields = base.type === 'strict_object' ? 'refused' : 'allowed';
  }
  if (base.type === 'array' && base.item) out.items = describeNode(base.item);
  if (base.type === 'picklist') {
    out.type = 'string';
    out.one_of = base.options ?? [];
  }
  for (const action of actions) applyAction(out, action, base.type === 'array');
  return out;
};

const describeEntries = (entries: Record<string, Node>): FieldDescription[] =>
  Object.entries(entries).map(([name, entry]) => {
    const described = describeNode(entry);
    return { name, ...described, required: described.required ?? true };
  });

/**
 * A readable JSON description of a valibot schema: fields, types, limits and formats. Derived from
 * the schema itself, so the published description can never drift from what is enforced.
 */
export const describeSchema = (schema: v.GenericSchema): FieldDescription => describeNode(schema as unknown as Node);
