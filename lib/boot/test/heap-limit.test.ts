// Issue 19 item 7: `npm start` gives the server a heap limit, so V8 collects garbage before it
// reaches four times the live heap (bench/memory.ts measures the RSS this keeps).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_HEAP_MB, planServerHeap } from '@/lib/boot/heap-limit';

describe('npm start: the server heap limit', () => {
  it('gives the server a 1 GB heap limit on a machine whose V8 would allow more', () => {
    expect(planServerHeap({}, 4144)).toEqual({ args: [`--max-old-space-size=${DEFAULT_SERVER_HEAP_MB}`] });
    expect(DEFAULT_SERVER_HEAP_MB).toBe(1024);
  });

  it('never raises the limit V8 chose for a small machine', () => {
    expect(planServerHeap({}, 512.4).args).toEqual(['--max-old-space-size=512']);
  });

  it('takes SERVER_HEAP_MB, and refuses a value that is not a sensible number of megabytes', () => {
    expect(planServerHeap({ SERVER_HEAP_MB: '2048' }, 4144)).toMatchObject({
      args: ['--max-old-space-size=2048'],
      note: expect.stringMatching(/2048 MB/),
    });
    for (const bad of ['1g', '64', '512.5', '-1'])
      expect(planServerHeap({ SERVER_HEAP_MB: bad }, 4144).error).toMatch(/SERVER_HEAP_MB must be/);
  });

  it('leaves the limit to NODE_OPTIONS when it sets one', () => {
    for (const NODE_OPTIONS of ['--max-old-space-size=300', '--enable-source-maps --max_old_space_size=300'])
      expect(planServerHeap({ NODE_OPTIONS, SERVER_HEAP_MB: '2048' }, 4144)).toEqual({ args: [] });
  });
});
