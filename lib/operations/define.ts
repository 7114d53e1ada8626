// An operation is data plus a handler (DESIGN part 1). REST, MCP and OpenAPI are generated from these.
import type { z } from 'zod';
import type { Db } from '@/db/client';
import type { Principal, Scope } from '@/lib/auth/principal';
import type { Site } from '@/lib/site/site';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type OperationScope = Scope | 'public';

export type OpContext = {
  db: Db;
  principal: Principal | null;
  site: Site;
  now: Date;
  /** Public origin of the site, e.g. http://localhost:3000 (no trailing slash). */
  baseUrl: string;
  /** Client IP as seen by the server, for rate limits. */
  ip: string | null;
};
export type AuthedContext = OpContext & { principal: Principal };

type Base<I extends z.ZodObject, O extends z.ZodType> = {
  name: string;
  method: HttpMethod;
  /** REST path under /api/v1 with {param} placeholders named as in the spec. */
  path: string;
  idempotent: boolean;
  summary: string;
  description?: string;
  tag: string;
  input: I;
  output: O;
  /** HTTP status of a success (default 200). */
  successStatus?: number;
  /** Short text an MCP client shows next to the structured result. */
  text?: (output: z.infer<O>) => string;
};

export type PublicOperation<I extends z.ZodObject, O extends z.ZodType> = Base<I, O> & {
  scope: 'public';
  handler: (ctx: OpContext, input: z.infer<I>) => Promise<z.infer<O>>;
};
export type ProtectedOperation<I extends z.ZodObject, O extends z.ZodType> = Base<I, O> & {
  scope: Scope;
  handler: (ctx: AuthedContext, input: z.infer<I>) => Promise<z.infer<O>>;
};

export type Operation<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> =
  | PublicOperation<I, O>
  | ProtectedOperation<I, O>;

/** Any operation, with its input/output types erased (for the adapters). */
export type AnyOperation = Base<z.ZodObject, z.ZodType> & {
  scope: OperationScope;
  handler: (ctx: OpContext, input: unknown) => Promise<unknown>;
};

export function defineOperation<I extends z.ZodObject, O extends z.ZodType>(op: PublicOperation<I, O>): AnyOperation;
export function defineOperation<I extends z.ZodObject, O extends z.ZodType>(op: ProtectedOperation<I, O>): AnyOperation;
export function defineOperation(op: Operation): AnyOperation {
  return op as unknown as AnyOperation;
}

/** Path parameter names of an operation, in order ("/drafts/{id}/submit" → ["id"]). */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/** GET and DELETE take their non-path input from the query string; the rest from a JSON body. */
export function inputLocation(method: HttpMethod): 'query' | 'body' {
  return method === 'GET' || method === 'DELETE' ? 'query' : 'body';
}
