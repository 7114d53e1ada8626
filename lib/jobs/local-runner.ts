// The process-wide local runner, started by boot (to resume unfinished jobs) or on first enqueue.
import { inngestConfigured } from '@/inngest/client';
import { localFunctions } from '@/inngest/functions';
import { LocalRunner } from './runner';

const g = globalThis as unknown as { __localRunner?: LocalRunner };

export function localRunner(): LocalRunner | null {
  if (inngestConfigured()) return null;
  if (!g.__localRunner) {
    g.__localRunner = new LocalRunner(localFunctions);
    g.__localRunner.start();
  }
  return g.__localRunner;
}

export async function stopLocalRunner() {
  const r = g.__localRunner;
  g.__localRunner = undefined;
  await r?.stop();
}
