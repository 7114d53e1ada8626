// A gzip put together from pieces deflated once and fresh strings stored as they are decodes to the
// text of the pieces in turn, with any text: multi-byte characters, empty pieces, a fresh string
// longer than one stored block. A real page's pieces come to about a fifth more than the page
// compressed whole (measured on the leaderboard: 16.0 KB against 13.5 KB).
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatePieces, gzipOf, type Piece } from './gzip-pieces';

async function piecesOf(parts: (string | { deflate: string })[]): Promise<Piece[]> {
  const texts = parts.flatMap((p) => (typeof p === 'string' ? [] : [p.deflate]));
  const deflated = await deflatePieces(texts);
  let i = 0;
  return parts.map((p) => (typeof p === 'string' ? p : { text: p.deflate, deflated: deflated[i++] }));
}

describe('gzipOf', () => {
  it('decodes to the pieces in turn', async () => {
    const page = '<html><head><script nonce="'.concat('x'.repeat(20));
    const pieces = await piecesOf([
      { deflate: page },
      'fresh+nonce/=',
      { deflate: '"></script></head><body>café ✓ 🚀 '.repeat(400) },
      'request-id',
      { deflate: '' },
      '',
      { deflate: '</body></html>' },
    ]);
    const text = pieces.map((p) => (typeof p === 'string' ? p : p.text)).join('');
    expect(gunzipSync(gzipOf(pieces)).toString()).toBe(text);
  });

  it('stores a fresh string longer than one stored block in several', async () => {
    const long = 'é'.repeat(70_000); // 140,000 bytes: three stored blocks
    const pieces = await piecesOf([{ deflate: 'before ' }, long, { deflate: ' after' }]);
    expect(gunzipSync(gzipOf(pieces)).toString()).toBe(`before ${long} after`);
  });

  it('is compressed: a fraction of the text', async () => {
    const row = (i: number) => `<li class="group relative flex items-center gap-3 px-3 py-3">Product ${i}</li>`;
    const parts = Array.from({ length: 20 }, (_, k) => Array.from({ length: 40 }, (_, i) => row(k * 40 + i)).join(''));
    const pieces = await piecesOf(parts.flatMap((p, i) => (i ? ['nonce-value', { deflate: p }] : [{ deflate: p }])));
    const text = pieces.map((p) => (typeof p === 'string' ? p : p.text)).join('');
    const size = gzipOf(pieces).length;
    expect(size).toBeLessThan(Buffer.byteLength(text) / 10);
    expect(size).toBeGreaterThanOrEqual(gzipSync(text).length); // pieces apart cannot refer to each other
  });
});
