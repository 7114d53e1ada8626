// OAuth 2.1 token endpoint (see lib/oauth/endpoints.ts).
import { handleToken, preflight } from '@/lib/oauth/endpoints';

export const dynamic = 'force-dynamic';
export const POST = (request: Request) => handleToken(request);
export const OPTIONS = preflight;
