import { describe, expect, it } from 'vitest';
import { publicCache } from './public-cache';
import { expiringAfter, revalidatePublic } from './tags';

describe('revalidatePublic', () => {
  it('expires at once outside a transaction scope, and only once the scope has finished inside one', async () => {
    const cache = publicCache();
    cache.clear();
    let builds = 0;
    const read = () => cache.read('tags-test', ['tags-test-tag'], async () => ++builds);
    await read();

    revalidatePublic('tags-test-tag');
    await expect.poll(() => builds).toBe(2);
    await read(); // read again, so the next expiry rebuilds it

    await expiringAfter(async () => {
      revalidatePublic('tags-test-tag'); // a writer inside the outer transaction
      await new Promise((r) => setTimeout(r, 150));
      expect(builds).toBe(2); // held: nothing rebuilt before the commit
    });
    await expect.poll(() => builds).toBe(3);

    await read();
    await expect(
      expiringAfter(async () => {
        revalidatePublic('tags-test-tag');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expect.poll(() => builds).toBe(4); // expired anyway: harmless, and never missed
  });
});
