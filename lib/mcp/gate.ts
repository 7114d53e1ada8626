// Finds the protected tools a JSON-RPC body calls, so the endpoint can answer 401/403 at the HTTP
// level (MCP authorization spec) before any server is built. Public tools and tools/list pass.
import type { AnyOperation } from '@/lib/operations/define';
import type { ToolSet } from './tools';

type Message = { method?: unknown; params?: { name?: unknown } };

export function protectedToolsCalled(tools: ToolSet, body: unknown): AnyOperation[] {
  const messages = (Array.isArray(body) ? body : [body]) as Message[];
  const ops: AnyOperation[] = [];
  for (const message of messages) {
    if (!message || typeof message !== 'object' || message.method !== 'tools/call') continue;
    const name = message.params?.name;
    const op = typeof name === 'string' ? tools.byName.get(name)?.op : undefined;
    if (op && op.scope !== 'public') ops.push(op);
  }
  return ops;
}
