// MCP endpoint (Streamable HTTP): every operation of the registry as a tool. See lib/mcp/handler.ts.
import { handleMcp } from '@/lib/mcp/handler';

export const dynamic = 'force-dynamic';

const handle = (request: Request) => handleMcp(request);
export { handle as GET, handle as POST, handle as DELETE, handle as OPTIONS };
