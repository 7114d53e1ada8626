// DNS-rebinding and cross-site defence: a browser request from a foreign Origin is refused (403).
// Allowed: the site's own host, MCP_ALLOWED_ORIGINS (comma-separated hostnames), and, when the site
// itself runs on localhost, the localhost family (local tools such as MCP Inspector).
import { localhostAllowedOrigins } from '@modelcontextprotocol/server';

const cache = new Map<string, string[]>();

export function allowedOriginHostnames(baseUrl: string): string[] {
  let list = cache.get(baseUrl);
  if (!list) {
    const own = new URL(baseUrl).hostname;
    const local = localhostAllowedOrigins();
    const extra = (process.env.MCP_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    list = [...new Set([own, ...(local.includes(own) ? local : []), ...extra])];
    cache.set(baseUrl, list);
  }
  return list;
}
