// JSON-LD blocks of a page, flattened (@graph, arrays) into a list of typed nodes.
import type { CheerioAPI } from 'cheerio';

export type LdNode = Record<string, unknown> & { '@type'?: string | string[] };

export function jsonLdNodes($: CheerioAPI): LdNode[] {
  const out: LdNode[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!v || typeof v !== 'object') return;
    const node = v as LdNode;
    if (Array.isArray(node['@graph'])) (node['@graph'] as unknown[]).forEach(visit);
    if (node['@type']) out.push(node);
  };
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      visit(JSON.parse($(el).text()));
    } catch {
      // Broken JSON-LD is common; the page's other signals still count.
    }
  });
  return out;
}

export function ldTypes(node: LdNode): string[] {
  const t = node['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string');
}

export const isType = (node: LdNode, ...types: string[]) => ldTypes(node).some((t) => types.includes(t));

export function ldString(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return ldString(o.url ?? o.name ?? o['@id'] ?? o.text);
  }
  return null;
}

export function ldList(v: unknown): unknown[] {
  return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
}
