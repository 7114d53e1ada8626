// The deterministic drafter's values on the English (acme) and German (notiz) fixture sites are the
// sites' own words: the evidence guard keeps every one of them and refuses none.
import { describe, expect, it } from 'vitest';
import { draftFixture } from './fixture-drafts';

describe('fixture drafts through the evidence guard', () => {
  it.each(['acme', 'notiz'])('keeps every true value of %s', async (name) => {
    const r = await draftFixture(name);
    expect(r.lost).toEqual([]);
    expect(r.total).toBeGreaterThanOrEqual(15);
    for (const [k, p] of Object.entries(r.guarded)) expect(p?.refused, k).toBeUndefined();
  });

  it('drafts the German site (values found, not only kept)', async () => {
    const { guarded: g } = await draftFixture('notiz');
    expect(g.name?.value).toBe('Notiz');
    expect(g.founded_year?.value).toBe(2021);
    expect(g.team_size?.value).toBe('12');
    expect(g.headquarters?.value).toBe('Berlin');
    expect(g.company_name?.value).toBe('Notiz Software GmbH');
    expect(g.contact_email?.value).toBe('hallo@notiz.test');
    expect(g.logo_url?.value).toBe('https://notiz.test/img/notiz-logo.png');
    expect(g.pricing?.value).toContain('9,50 € pro Nutzer/Monat');
    expect(g.categories?.value).toEqual(expect.arrayContaining(['AI', 'Productivity']));
    expect(g.founders?.value?.map((f) => f.name)).toEqual(['Jonas Weiß', 'Anna Müller']);
    expect(g.faqs?.value).toHaveLength(3);
    expect(g.milestones?.value?.map((m) => m.date)).toEqual(['2024-03-12', '2023-06-01']);
    expect(g.story?.value?.how_started).toMatch(/^Wir haben Notiz/);
  });

  it('drafts the English site', async () => {
    const { guarded: g } = await draftFixture('acme');
    expect(g.name?.value).toBe('Acme Notes');
    expect(g.founded_year?.value).toBe(2019);
    expect(g.team_size?.value).toBe('14');
    expect(g.headquarters?.value).toBe('Lisbon, Portugal');
    expect(g.milestones?.value?.length).toBe(2);
    expect(g.founders?.value?.map((f) => f.name)).toEqual(['Maria Santos', 'Tom Becker']);
  });
});
