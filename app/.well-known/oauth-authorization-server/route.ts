// RFC 8414 authorization server metadata.
import { handleAuthorizationServerMetadata, preflight } from '@/lib/oauth/endpoints';

export const dynamic = 'force-dynamic';
export const GET = handleAuthorizationServerMetadata;
export const OPTIONS = preflight;
