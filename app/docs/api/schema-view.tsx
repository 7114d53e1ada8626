// Renders a JSON Schema (from the OpenAPI document) as nested lists: name, type, required,
// limits and description, with $refs linking to the schema's own section. Server-only HTML.
import { DocText } from './doc-text';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  default?: unknown;
  example?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
};

export const refName = (ref: string) => ref.split('/').pop()!;
export const schemaAnchor = (name: string) => `schema-${name}`;

const SAFE = Number.MAX_SAFE_INTEGER;
const variants = (s: JsonSchema) => s.anyOf ?? s.oneOf ?? s.allOf;

/** A short type label such as "string | null", "array of ListingSummary", "integer". */
export function TypeLabel({ schema }: { schema: JsonSchema }) {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return (
      <a href={`#${schemaAnchor(name)}`} className="font-mono text-brand-700 underline underline-offset-2">
        {name}
      </a>
    );
  }
  const parts = variants(schema);
  if (parts) {
    return (
      <>
        {parts.map((p, i) => (
          <span key={i}>
            {i > 0 && ' | '}
            <TypeLabel schema={p} />
          </span>
        ))}
      </>
    );
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('array') && schema.items) {
    return (
      <>
        array of <TypeLabel schema={schema.items} />
        {types.length > 1 ? ` | ${types.filter((t) => t !== 'array').join(' | ')}` : ''}
      </>
    );
  }
  return <span className="font-mono">{types.join(' | ') || (schema.enum ? 'enum' : 'any')}</span>;
}

/** Limits and allowed values, in words. */
function facts(s: JsonSchema): string[] {
  const out: string[] = [];
  if (s.enum) out.push(`one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (s.const !== undefined) out.push(`always ${JSON.stringify(s.const)}`);
  if (s.format) out.push(`format ${s.format}`);
  if (s.minLength !== undefined && s.minLength > 0)
    out.push(`at least ${s.minLength} character${s.minLength === 1 ? '' : 's'}`);
  if (s.maxLength !== undefined) out.push(`at most ${s.maxLength} characters`);
  if (s.minimum !== undefined && s.minimum > -SAFE) out.push(`minimum ${s.minimum}`);
  if (s.maximum !== undefined && s.maximum < SAFE) out.push(`maximum ${s.maximum}`);
  if (s.minItems !== undefined && s.minItems > 0) out.push(`at least ${s.minItems} item${s.minItems === 1 ? '' : 's'}`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} items`);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  if (s.example !== undefined) out.push(`example ${JSON.stringify(s.example)}`);
  for (const v of variants(s) ?? []) if (!v.$ref) out.push(...facts(v));
  if (s.items && !s.items.$ref) out.push(...facts(s.items).map((f) => `each ${f}`));
  return out;
}

/** The object a property opens into (itself, its array items, or a non-null variant), if inline. */
function inlineObject(s: JsonSchema): JsonSchema | undefined {
  if (s.properties) return s;
  if (s.items?.properties) return s.items;
  return variants(s)?.map(inlineObject).find(Boolean);
}

export type Field = { name: string; schema: JsonSchema; required?: boolean; where?: string; description?: string };

/** One list item per field: name, type, required, facts, description; nested objects inside. */
export function FieldList({ fields, depth = 0 }: { fields: Field[]; depth?: number }) {
  return (
    <ul className={`divide-y divide-stone-100 ${depth ? 'mt-2 border-l-2 border-stone-200 pl-3' : ''}`}>
      {fields.map((f) => {
        const nested = depth < 6 ? inlineObject(f.schema) : undefined;
        const description = f.description ?? f.schema.description;
        const list = facts(f.schema);
        return (
          <li key={`${f.where ?? ''}${f.name}`} className="py-2 text-sm">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <code className="font-semibold break-all text-stone-900">{f.name}</code>
              <span className="text-stone-600">
                <TypeLabel schema={f.schema} />
              </span>
              {f.where && <span className="text-xs text-stone-600">in {f.where}</span>}
              {f.required && <span className="text-xs font-semibold text-brand-800">required</span>}
            </div>
            {description && <DocText text={description} className="mt-1 text-stone-700" />}
            {list.length > 0 && <p className="mt-1 text-xs break-words text-stone-600">{list.join(' · ')}</p>}
            {nested && <SchemaFields schema={nested} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The properties of an object schema; a $ref or a plain type is shown as one line. */
export function SchemaFields({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }) {
  if (!schema.properties) {
    return (
      <p className="text-sm text-stone-700">
        <TypeLabel schema={schema} />
      </p>
    );
  }
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties).map(([name, s]) => ({
    name,
    schema: s,
    required: required.has(name),
  }));
  return <FieldList fields={fields} depth={depth} />;
}
