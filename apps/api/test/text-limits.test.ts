import { describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '../src/index.ts';

/** The parts of a valibot schema this walk reads. */
interface SchemaNode {
  kind?: string;
  type?: string;
  pipe?: SchemaNode[];
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  wrapped?: SchemaNode;
  options?: unknown[];
  rest?: SchemaNode;
  value?: SchemaNode;
}

interface TextLimit {
  field: string;
  action: string;
}

const LENGTH_ACTIONS = new Set(['max_length', 'min_length', 'max_code_points', 'min_code_points']);
const isSchema = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && (value as SchemaNode).kind === 'schema';

/** Every length check on text in a request schema, with the field it guards and the valibot action that counts. */
const textLimitsOf = (node: SchemaNode | undefined, field: string, found: TextLimit[] = []): TextLimit[] => {
  if (!node) return found;
  const [inner, ...actions] = node.pipe ?? [];
  if (inner && inner !== node) textLimitsOf(inner, field, found);
  if (node.type === 'string') {
    for (const action of actions) if (LENGTH_ACTIONS.has(action.type ?? '')) found.push({ field, action: action.type! });
  }
  for (const [key, entry] of Object.entries(node.entries ?? {})) textLimitsOf(entry, field ? `${field}.${key}` : key, found);
  for (const child of [node.item, node.wrapped, node.rest, node.value]) textLimitsOf(child, field, found);
  for (const option of node.options ?? []) if (isSchema(option)) textLimitsOf(option, field, found);
  return found;
};

describe('text limits of the API', () => {
  const limits = API_OPERATIONS.flatMap((operation) =>
    (['params', 'query', 'body'] as const).flatMap((part) =>
      textLimitsOf(operation.request?.[part] as SchemaNode | undefined, '').map((limit) => ({ ...limit, operation: operation.id, part })),
    ),
  );

  it('count characters as the contract’s JSON Schema does (code points), never UTF-16 units', () => {
    // valibot's maxLength / minLength count UTF-16 units on text: an emoji would count twice.
    const utf16 = limits.filter((limit) => limit.action === 'max_length' || limit.action === 'min_length');
    expect(utf16).toEqual([]);
  });

  it('are found where they are declared (the walk reaches nested fields and lists)', () => {
    const fields = new Set(limits.map((limit) => `${limit.operation} ${limit.part}.${limit.field}`));
    expect([...fields]).toEqual(
      expect.arrayContaining([
        'jobs.create body.title',
        'jobs.create body.completion_checklist',
        'directory.register body.display_name',
        'directory.register body.destinations.value',
        'agent.connect body.agent_name',
      ]),
    );
  });
});
