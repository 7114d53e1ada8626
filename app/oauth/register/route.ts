// OAuth 2.1 register endpoint (see lib/oauth/endpoints.ts).
import { handleRegister, preflight } from '@/lib/oauth/endpoints';

export const dynamic = 'force-dynamic';
export const POST = (request: Request) => handleRegister(request);
export const OPTIONS = preflight;
