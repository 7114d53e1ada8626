// The pages' Content Security Policy: images from https anywhere; from http too on an http site
// (where a logo crawled from an http site was blocked), upgraded to https on an https site.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../security-headers';

const imgSrc = (https: boolean) =>
  contentSecurityPolicy('n0nce', { https, dev: false })
    .split('; ')
    .find((d) => d.startsWith('img-src'));

describe('contentSecurityPolicy', () => {
  it('lets an http site show http images, and has an https site upgrade them', () => {
    expect(imgSrc(false)).toBe(`img-src 'self' data: blob: https: http:`);
    expect(imgSrc(true)).toBe(`img-src 'self' data: blob: https:`);
    expect(contentSecurityPolicy('n0nce', { https: true, dev: false })).toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy('n0nce', { https: false, dev: false })).not.toContain('upgrade-insecure-requests');
  });
});
