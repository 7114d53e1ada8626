// llms.txt (llmstxt.org): what this site is and where agents find its data and API.
import { cachedCategories, cachedSearch } from '@/lib/directory/cached';
import { publicBaseUrl } from '@/lib/site/site';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const base = publicBaseUrl(request.url);
  const [categories, top] = await Promise.all([
    cachedCategories(),
    cachedSearch({ sort: 'votes', page: 1, per_page: 30 }),
  ]);
  const text = `# Product Directory

> A public directory of software products. Makers submit a product by its website URL, launch it (free queue or paid launch), and visitors vote; a weekly leaderboard ranks products by the votes cast in each ISO week (weeks start Monday 00:00 UTC).

Everything public is readable without an account. Agents can use the REST API or the MCP server (same operations, same names).

## API
- [OpenAPI 3.1 description](${base}/api/v1/openapi.json): every REST operation, its input and output
- [API documentation](${base}/docs/api)
- [Search live listings](${base}/api/v1/listings?q=analytics): \`GET /api/v1/listings?q=&category=&sort=&page=&per_page=\`
- [Community-weekly leaderboard](${base}/api/v1/leaderboards/community-weekly): \`GET /api/v1/leaderboards/community-weekly?week=2026-W47\`
- [Categories](${base}/api/v1/categories), [Products and prices](${base}/api/v1/products), [Founder interview questions](${base}/api/v1/interview-questions)
- MCP server (Streamable HTTP): ${base}/mcp (OAuth 2.1; public tools need no sign-in)

## Pages
- [Home](${base}/): launching this week, top this week, upcoming launches, latest updates
- [Browse and search](${base}/search)
- [Weekly leaderboard](${base}/leaderboard) (past weeks at /leaderboard/YYYY-Www)
- [Latest updates](${base}/updates)
- [Pricing](${base}/pricing)
- [Founder interview](${base}/interview)
- Product pages: ${base}/p/{slug}; founder stories: ${base}/p/{slug}/story

## Feeds
- [New launches (RSS 2.0)](${base}/feeds/launches.xml)
- [Latest updates (RSS 2.0)](${base}/feeds/updates.xml)
- [Sitemap](${base}/sitemap.xml)

## Categories
${categories.map((c) => `- [${c.name}](${base}/c/${c.slug}): ${c.listingCount} products`).join('\n')}

## Most voted products
${top.rows.map((l) => `- [${l.name}](${base}/p/${l.slug}): ${l.headline}`).join('\n')}
`;
  return new Response(text, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
