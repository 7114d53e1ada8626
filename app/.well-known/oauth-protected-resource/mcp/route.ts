// RFC 9728 protected resource metadata of the MCP server (/mcp).
import { handleProtectedResourceMetadata, preflight } from '@/lib/oauth/endpoints';

export const dynamic = 'force-dynamic';
export const GET = handleProtectedResourceMetadata;
export const OPTIONS = preflight;
