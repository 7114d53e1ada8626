// OAuth 2.1 revoke endpoint (see lib/oauth/endpoints.ts).
import { handleRevoke, preflight } from '@/lib/oauth/endpoints';

export const dynamic = 'force-dynamic';
export const POST = (request: Request) => handleRevoke(request);
export const OPTIONS = preflight;
