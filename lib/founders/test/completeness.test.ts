// profileCompleteness: name, role, bio and photo, each missing one with where it is fixed.
import { describe, expect, it } from 'vitest';
import { profileCompleteness } from '../completeness';

const full = { name: 'Ada', role: 'Founder', bio: 'Builds.', photoUrl: 'https://x/founders/ada/photo?v=1' };

describe('profileCompleteness', () => {
  it('is complete with name, role, bio and photo', () => {
    expect(profileCompleteness(full)).toEqual({ complete: true, missing: [] });
  });

  it('misses all four without a profile', () => {
    const r = profileCompleteness(null);
    expect(r.complete).toBe(false);
    expect(r.missing.map((m) => [m.field, m.url])).toEqual([
      ['name', '/account/profile#name'],
      ['role', '/account/profile#role'],
      ['bio', '/account/profile#bio'],
      ['photo', '/account/profile#photo'],
    ]);
  });

  it.each(['role', 'bio', 'photoUrl'] as const)('misses %s when it is empty or blank', (key) => {
    for (const value of [null, '', '   ']) {
      const r = profileCompleteness({ ...full, [key]: value });
      expect(r.complete).toBe(false);
      expect(r.missing).toHaveLength(1);
      expect(r.missing[0].field).toBe(key === 'photoUrl' ? 'photo' : key);
      expect(r.missing[0].reason).toMatch(/profile/);
    }
  });
});
