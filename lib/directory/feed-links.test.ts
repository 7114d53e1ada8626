// The feeds are advertised where they belong: the home page and the updates page name both RSS
// feeds in their metadata, which Next renders as <link rel="alternate" type="application/rss+xml">
// (e2e/listing-updates.spec.ts reads the tags in the served HTML).
import { describe, expect, it } from 'vitest';
import { metadata as home } from '@/app/(site)/page';
import { metadata as updates } from '@/app/(site)/updates/page';

const feeds = ['/feeds/launches.xml', '/feeds/updates.xml'];

describe('feed links', () => {
  for (const [name, metadata] of [
    ['home', home],
    ['updates', updates],
  ] as const) {
    it(`the ${name} page advertises the launches and updates feeds`, () => {
      const rss = metadata.alternates?.types?.['application/rss+xml'];
      expect(Array.isArray(rss)).toBe(true);
      expect((rss as { url: string }[]).map((l) => l.url)).toEqual(feeds);
      for (const link of rss as { title?: string }[]) expect(link.title).toMatch(/Product Directory: /);
    });
  }
});
