// An operation is data plus a handler (docs/decisions.md#one-operation-list-three-faces). REST, MCP and OpenAPI are generated from these.
import type { z } from 'zod';
import type { Scope } from '@/lib/auth/principal';
import type { AuthedContext, OpContext } from '@/lib/context';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type OperationScope = Scope | 'public';

type Base<I extends z.ZodObject, O extends z.ZodType> = {
  name: string;
  method: HttpMethod;
  /** REST path under /api/v1 with {param} placeholders named as in the spec. */
  path: string;
  /** Accepts an Idempotency-Key (REST) or `idempotency_key` (MCP): a retry with it returns the first result. */
  idempotent: boolean;
  /**
   * What an agent may assume beyond the method (MCP tool annotations): `readOnly` saves nothing (a POST
   * that only computes); `repeatable` the same call again changes nothing more (without a key);
   * `openWorld` it reads websites outside this service.
   */
  hints?: { readOnly?: true; repeatable?: true; openWorld?: true };
  /** Refusals the method and path do not imply (OpenAPI), e.g. 404 for an id in the body: status → when. */
  problems?: Record<number, string>;
  summary: string;
  description?: string;
  tag: string;
  input: I;
  output: O;
  /** HTTP status of a success (default 200). */
  successStatus?: number;
  /** REST only: the output field sent as `ETag: "<value>"`; `If-Match` fills the input field of that name (when the input has it). */
  etag?: string;
  /** REST only: the path (under /api/v1) of what a 201 created, sent as `Location`. */
  location?: (output: z.infer<O>) => string;
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
  PublicOperation<I, O> | ProtectedOperation<I, O>;

/** Any operation, with its input/output types erased (for the adapters). */
export type AnyOperation = Omit<Base<z.ZodObject, z.ZodType>, 'location'> & {
  location?: (output: unknown) => string;
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
