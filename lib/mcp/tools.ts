// Every operation of the registry as an MCP tool definition. Derived once per process: the
// per-request server only registers these ready-made specs (no schema conversion per request).
import type { ToolAnnotations } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { operations } from '@/lib/operations';
import type { AnyOperation } from '@/lib/operations/define';

export const IDEMPOTENCY_ARGUMENT = 'idempotency_key';
const TARGET = 'draft-2020-12';

type Json = Record<string, unknown>;

/**
 * A Standard Schema whose JSON Schema is precomputed and whose validation passes the value through:
 * the operation core validates with the operation's own zod schema, so a bad argument gets the same
 * problem object as on REST (not the SDK's plain-text error).
 */
export type PrecomputedSchema = {
  readonly '~standard': {
    version: 1;
    vendor: 'product-directory';
    validate: (value: unknown) => { value: unknown };
    jsonSchema: { input: () => Json; output: () => Json };
  };
};

function precomputed(json: Json): PrecomputedSchema {
  return {
    '~standard': {
      version: 1,
      vendor: 'product-directory',
      validate: (value) => ({ value }),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}

/**
 * The JSON Schema of a zod schema, as the MCP SDK derives it, except that a part JSON Schema cannot
 * express (a custom check, a date) becomes "any" instead of failing the whole tool list.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  return z.toJSONSchema(schema, { target: TARGET, io, unrepresentable: 'any' }) as Json;
}

export function toolInputJsonSchema(op: AnyOperation): Json {
  const json = jsonSchemaOf(op.input, 'input');
  if (!op.idempotent) return json;
  const properties = { ...((json.properties as Json | undefined) ?? {}) };
  properties[IDEMPOTENCY_ARGUMENT] = {
    type: 'string',
    minLength: 1,
    maxLength: 255,
    description:
      'Makes retries safe, like the REST Idempotency-Key header: the same key with the same arguments returns the first result (kept 24 h).',
  };
  return { ...json, type: 'object', properties };
}

export function toolAnnotations(op: AnyOperation): ToolAnnotations {
  const readOnly = op.method === 'GET' || op.hints?.readOnly === true;
  return {
    title: op.summary,
    readOnlyHint: readOnly,
    ...(readOnly ? {} : { destructiveHint: op.method === 'DELETE' }),
    // Idempotency keys aside: a POST that creates something creates it again when called again.
    idempotentHint: readOnly || op.method === 'PUT' || op.method === 'DELETE' || op.hints?.repeatable === true,
    openWorldHint: op.hints?.openWorld === true,
  };
}

export type ToolSpec = {
  op: AnyOperation;
  title: string;
  description: string;
  inputSchema: PrecomputedSchema;
  outputSchema: PrecomputedSchema;
  annotations: ToolAnnotations;
};

function describe(op: AnyOperation): string {
  const access = op.scope === 'public' ? 'Public: no sign-in needed.' : `Needs the ${op.scope} scope.`;
  return [op.description ?? op.summary, `REST: ${op.method} /api/v1${op.path}.`, access].join(' ');
}

export function buildToolSpecs(ops: AnyOperation[]): ToolSpec[] {
  return ops.map((op) => ({
    op,
    title: op.summary,
    description: describe(op),
    inputSchema: precomputed(toolInputJsonSchema(op)),
    outputSchema: precomputed(jsonSchemaOf(op.output, 'output')),
    annotations: toolAnnotations(op),
  }));
}

export type ToolSet = { list: ToolSpec[]; byName: Map<string, ToolSpec> };
const sets = new WeakMap<AnyOperation[], ToolSet>();

/** The tools of an operation list (the registry by default), built once per process. */
export function toolSet(ops: AnyOperation[] = operations): ToolSet {
  let set = sets.get(ops);
  if (!set) {
    const list = buildToolSpecs(ops);
    set = { list, byName: new Map(list.map((s) => [s.op.name, s])) };
    sets.set(ops, set);
  }
  return set;
}
