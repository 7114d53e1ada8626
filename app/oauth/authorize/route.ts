// OAuth 2.1 authorization endpoint: consent page (GET) and the user's decision (POST).
import { handleAuthorize } from '@/lib/oauth/endpoints';

export const dynamic = 'force-dynamic';
const handle = (request: Request) => handleAuthorize(request);
export { handle as GET, handle as POST };
