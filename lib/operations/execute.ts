// The face-neutral core of one operation call: scope check, input validation, Idempotency-Key,
// handler, output parse. REST and MCP both call it, so both answer the same object (or problem).
import type { Db } from '@/db/client';
import type { Principal } from '@/lib/auth/principal';
import { AppError } from '@/lib/errors/app-error';
import { asAppError, toProblem, validationError } from '@/lib/errors/problem';
import { claimKey, completeKey, releaseKey, requestHash, validateKey } from './idempotency';
import { getSite } from '@/lib/site/site';
import { assertCleanInput, withInvisibleBlanked } from '@/lib/input/strings';
import type { Face, OpContext } from '@/lib/context';
import { assertNumbersInDigits } from './number-text';
import type { AnyOperation, OperationScope } from './define';

export type Invocation = {
  db: Db;
  /** Public reads (OpContext.publicDb); absent: `db`. */
  publicDb?: Db;
  now: Date;
  baseUrl: string;
  ip: string | null;
  face: Face;
  /** undefined: no credential presented; null: presented but not valid. */
  principal: Principal | null | undefined;
  /** Read lazily, after the credential checks (a bad body must not hide a 401). */
  readInput: () => Promise<Record<string, unknown>>;
  idempotencyKey: string | null;
  /** How the face tells a caller to sign in (REST: API key; MCP: OAuth). */
  signInHint?: string;
  /** Why a presented credential is refused (an OAuth token for another resource says which). */
  refusedHint?: string;
};

/** What the caller gets: a success body or a problem object, with its HTTP status. */
export type Outcome = {
  status: number;
  body: unknown;
  /** Extra response headers of an error (Retry-After). */
  headers: Record<string, string>;
  replayed: boolean;
  /** Set when the credential was missing, invalid or short of a scope: a face may answer with its own challenge (WWW-Authenticate). */
  challenge?: Challenge;
};

export type Challenge = { scope: OperationScope; error?: 'invalid_token' | 'insufficient_scope' };

/** A refusal of the credential, carrying what the face needs to challenge the caller. */
class CredentialRefused extends AppError {
  constructor(
    code: 'unauthorized' | 'insufficient_scope',
    detail: string,
    readonly challenge: Challenge,
  ) {
    super(code, detail);
  }
}

export async function executeOperation(op: AnyOperation, inv: Invocation): Promise<Outcome> {
  try {
    const principal = authorize(op, inv);
    const sent = await inv.readInput();
    assertCleanInput(sent); // NUL, controls, lone surrogates, absurd nesting: 422 naming the field, on every face
    const raw = withInvisibleBlanked(sent); // "\u200b" is as empty as "   "
    assertNumbersInDigits(op, raw); // "1e1", "0x10", " 10" sent for a number
    const parsed = op.input.safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error);

    const ctx: OpContext = {
      db: inv.db,
      publicDb: inv.publicDb ?? inv.db,
      principal,
      site: await getSite(inv.db),
      now: inv.now,
      baseUrl: inv.baseUrl,
      ip: inv.ip,
      face: inv.face,
    };
    const key = op.idempotent && principal ? inv.idempotencyKey : null;
    if (key === null) return await run(op, ctx, parsed.data);

    validateKey(key);
    const userId = principal!.userId;
    const claim = await claimKey(inv.db, {
      userId,
      key,
      operation: op.name,
      hash: requestHash(op.name, parsed.data),
      now: inv.now,
    });
    if (claim.kind === 'replay')
      return { status: claim.response.status, body: claim.response.body, headers: {}, replayed: true };
    let outcome: Outcome;
    try {
      outcome = await run(op, ctx, parsed.data);
    } catch (err) {
      await releaseKey(inv.db, userId, key);
      throw err;
    }
    // Only an operation that took effect is stored. A refusal changed nothing, and may not hold on a
    // retry (a 429 after its Retry-After, a 409 once the listing's state moved on): it runs again.
    if (outcome.status >= 300) await releaseKey(inv.db, userId, key);
    else await completeKey(inv.db, userId, key, { status: outcome.status, body: outcome.body }, new Date());
    return outcome;
  } catch (err) {
    return failure(err);
  }
}

function authorize(op: AnyOperation, inv: Invocation): Principal | null {
  const { principal } = inv;
  if (principal === null) {
    throw new CredentialRefused(
      'unauthorized',
      inv.refusedHint ?? 'The credential is not valid (unknown, revoked or expired).',
      {
        scope: op.scope,
        error: 'invalid_token',
      },
    );
  }
  if (op.scope === 'public') return principal ?? null;
  if (!principal) {
    throw new CredentialRefused(
      'unauthorized',
      inv.signInHint ?? 'Sign-in required: send Authorization: Bearer <API key>.',
      { scope: op.scope },
    );
  }
  if (!principal.scopes.includes(op.scope)) {
    throw new CredentialRefused('insufficient_scope', `This operation needs the ${op.scope} scope.`, {
      scope: op.scope,
      error: 'insufficient_scope',
    });
  }
  return principal;
}

async function run(op: AnyOperation, ctx: OpContext, input: unknown): Promise<Outcome> {
  try {
    const result = await op.handler(ctx, input);
    return { status: op.successStatus ?? 200, body: op.output.parse(result), headers: {}, replayed: false };
  } catch (err) {
    return failure(err);
  }
}

export function failure(err: unknown): Outcome {
  const appError = asAppError(err);
  const challenge = err instanceof CredentialRefused ? err.challenge : undefined;
  return {
    status: appError.status,
    body: toProblem(appError),
    headers: appError.headers ?? {},
    replayed: false,
    ...(challenge ? { challenge } : {}),
  };
}
