// The API reference, rendered on the server from our own OpenAPI document: plain HTML (headings,
// lists, links), no script, nothing from another origin, readable by keyboard and screen reader.
import type { Metadata } from 'next';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { publicBaseUrl } from '@/lib/site/site';
import { cardClass } from '@/components/ui/card';
import { DocText } from './doc-text';
import { FieldList, SchemaFields, TypeLabel, schemaAnchor, type Field, type JsonSchema } from './schema-view';

export const metadata: Metadata = {
  title: 'API reference',
  description: 'The REST API of Product Directory: every operation, its inputs and outputs (also MCP tools).',
};

type Parameter = { in: string; name: string; required?: boolean; description?: string; schema: JsonSchema };
type Content = Record<string, { schema?: JsonSchema }>;
type Operation = {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Content };
  responses: Record<string, { description: string; content?: Content }>;
};
type Doc = {
  info: { title: string; version: string; description?: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<
      string,
      { type: string; description?: string; flows?: { authorizationCode?: { scopes: Record<string, string> } } }
    >;
  };
};

const methodTone: Record<string, string> = {
  get: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  post: 'bg-sky-50 text-sky-800 ring-sky-200',
  patch: 'bg-amber-50 text-amber-900 ring-amber-200',
  put: 'bg-amber-50 text-amber-900 ring-amber-200',
  delete: 'bg-red-50 text-red-800 ring-red-200',
};

function Method({ method }: { method: string }) {
  return (
    <span
      className={`rounded px-1.5 py-0.5 font-mono text-xs font-bold uppercase ring-1 ${methodTone[method] ?? 'bg-stone-100 text-stone-800 ring-stone-200'}`}
    >
      {method}
    </span>
  );
}

function OperationView({ method, path, op, base }: { method: string; path: string; op: Operation; base: string }) {
  const params: Field[] = (op.parameters ?? []).map((p) => ({
    name: p.name,
    schema: p.schema,
    required: p.required,
    where: p.in,
    description: p.description,
  }));
  const body = op.requestBody?.content['application/json']?.schema;
  return (
    <article
      id={op.operationId}
      aria-labelledby={`${op.operationId}-title`}
      className={`scroll-mt-20 p-4 sm:p-6 ${cardClass}`}
    >
      <h3 id={`${op.operationId}-title`} className="text-lg font-semibold tracking-tight text-stone-900">
        {op.summary ?? op.operationId}
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        <Method method={method} />
        <code className="break-all text-stone-900">
          <span className="text-stone-600">{base}</span>
          {path}
        </code>
      </p>
      {op.description && <DocText text={op.description} className="mt-3 text-sm text-stone-700" />}
      {params.length > 0 && (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-stone-900">Parameters</h4>
          <FieldList fields={params} />
        </section>
      )}
      {body && (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-stone-900">
            Request body{' '}
            <span className="font-normal text-stone-600">
              (application/json{op.requestBody?.required ? '' : ', optional'})
            </span>
          </h4>
          <SchemaFields schema={body} />
        </section>
      )}
      <section className="mt-4">
        <h4 className="text-sm font-semibold text-stone-900">Responses</h4>
        <dl className="mt-1 divide-y divide-stone-100 text-sm">
          {Object.entries(op.responses).map(([status, r]) => {
            const [type, content] = Object.entries(r.content ?? {})[0] ?? [];
            return (
              <div key={status} className="flex flex-wrap gap-x-3 gap-y-1 py-1.5">
                <dt
                  className={`w-10 shrink-0 font-mono font-semibold ${status.startsWith('2') ? 'text-emerald-800' : 'text-stone-800'}`}
                >
                  {status}
                </dt>
                <dd className="min-w-0 flex-1 text-stone-700">
                  <DocText text={r.description} inline />
                  {content?.schema && (
                    <span className="text-stone-600">
                      {' '}
                      {type}: <TypeLabel schema={content.schema} />
                    </span>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      </section>
    </article>
  );
}

export default function ApiDocsPage() {
  const doc = buildOpenApiDocument(publicBaseUrl()) as unknown as Doc;
  const base = doc.servers[0]?.url ?? '/api/v1';
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const oauth = doc.components.securitySchemes.oauth2;
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{doc.info.title}</h1>
        <p className="mt-1 text-sm text-stone-600">Version {doc.info.version} · OpenAPI 3.1</p>
        {doc.info.description && <DocText text={doc.info.description} className="mt-3 text-stone-700" />}
        <p className="mt-3 text-sm text-stone-700">
          Base URL <code className="rounded bg-stone-100 px-1 py-0.5 break-all">{base}</code> ·{' '}
          <a href="/api/v1/openapi.json" className="font-medium text-brand-700 underline underline-offset-2">
            Download the OpenAPI document
          </a>
        </p>
      </header>

      <section aria-labelledby="auth" className={`p-4 sm:p-6 ${cardClass}`}>
        <h2 id="auth" className="text-xl font-bold tracking-tight">
          Authentication
        </h2>
        <ul className="mt-2 space-y-2 text-sm text-stone-700">
          {Object.entries(doc.components.securitySchemes).map(([name, s]) => (
            <li key={name}>
              <code className="font-semibold text-stone-900">{name}</code>{' '}
              {s.description && <DocText text={s.description} inline />}
            </li>
          ))}
        </ul>
        {oauth?.flows?.authorizationCode && (
          <>
            <h3 className="mt-4 text-sm font-semibold text-stone-900">Scopes</h3>
            <dl className="mt-1 space-y-1 text-sm">
              {Object.entries(oauth.flows.authorizationCode.scopes).map(([scope, what]) => (
                <div key={scope} className="flex flex-wrap gap-x-2">
                  <dt>
                    <code className="font-semibold text-stone-900">{scope}</code>
                  </dt>
                  <dd className="text-stone-700">{what}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </section>

      <nav aria-labelledby="toc">
        <h2 id="toc" className="text-xl font-bold tracking-tight">
          Operations
        </h2>
        <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {operations.map(({ path, method, op }) => (
            <li key={op.operationId}>
              <a
                href={`#${op.operationId}`}
                className="inline-flex flex-wrap items-center gap-2 rounded py-0.5 text-stone-800 hover:text-brand-700 hover:underline"
              >
                <Method method={method} /> {op.summary ?? op.operationId}{' '}
                <code className="text-xs break-all text-stone-600">{path}</code>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {doc.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`tag-${tag.name}`} className="space-y-4">
          <div>
            <h2 id={`tag-${tag.name}`} className="text-2xl font-bold tracking-tight">
              {tag.name}
            </h2>
            {tag.description && <p className="text-stone-600">{tag.description}</p>}
          </div>
          {operations
            .filter(({ op }) => op.tags?.includes(tag.name))
            .map(({ path, method, op }) => (
              <OperationView key={op.operationId} method={method} path={path} op={op} base={base} />
            ))}
        </section>
      ))}

      <section aria-labelledby="schemas" className="space-y-4">
        <h2 id="schemas" className="text-2xl font-bold tracking-tight">
          Schemas
        </h2>
        {Object.entries(doc.components.schemas).map(([name, schema]) => (
          <section
            key={name}
            id={schemaAnchor(name)}
            aria-labelledby={`${schemaAnchor(name)}-title`}
            className={`scroll-mt-20 p-4 sm:p-6 ${cardClass}`}
          >
            <h3 id={`${schemaAnchor(name)}-title`} className="font-mono text-lg font-semibold">
              {name}
            </h3>
            {schema.description && <DocText text={schema.description} className="mt-1 text-sm text-stone-700" />}
            <SchemaFields schema={schema} />
          </section>
        ))}
      </section>
    </div>
  );
}
