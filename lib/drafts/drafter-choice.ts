// Which drafter builds drafts: the AI drafter when OPENAI_API_KEY is set, else the deterministic
// one. Tests may install a drafter built on the ai SDK's mock model (network edge only).
import { createAiDrafter, openAiModel } from '@/lib/ai/ai-drafter';
import { deterministicDrafter } from './drafters/deterministic';
import type { Drafter } from './drafters/site-data';

const g = globalThis as unknown as { __drafter?: Drafter };

export function setDrafter(drafter: Drafter | undefined) {
  g.__drafter = drafter;
}

export function currentDrafter(): Drafter {
  if (g.__drafter) return g.__drafter;
  const model = openAiModel();
  return model ? createAiDrafter(model) : deterministicDrafter;
}
