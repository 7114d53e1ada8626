// The signed-in founder as an operation context, so pages and server actions call the same
// lib/drafts functions the REST and MCP faces use (a session holds every scope).
import { headers } from 'next/headers';
import { getDb, getPublicDb } from '@/db/client';
import { SCOPES } from '@/lib/auth/principal';
import type { CurrentUser } from '@/lib/auth/session';
import type { AuthedContext } from '@/lib/context';
import { clientIp } from '@/lib/client-ip';
import { getSite, publicBaseUrl } from '@/lib/site/site';
import { siteNow } from '@/lib/time/clock';

export async function sessionContext(user: CurrentUser): Promise<AuthedContext> {
  const db = await getDb();
  const h = await headers();
  return {
    db,
    publicDb: await getPublicDb(),
    principal: {
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      authKind: 'session',
      scopes: [...SCOPES],
      credentialId: 'session',
    },
    site: await getSite(db),
    now: siteNow(),
    baseUrl: publicBaseUrl(),
    ip: clientIp(h),
    face: 'web',
  };
}
