// Founder story sections: current names, and the legacy names still accepted (docs/decisions.md#founder-story-sections).
import type { DraftStory, StorySection } from './types';

/** Legacy section → current section. Several legacy sections may land in one (joined by a blank line). */
export const LEGACY_STORY_MAP: Record<string, StorySection> = {
  story: 'how_started',
  why_started: 'how_started',
  journey: 'what_built',
  challenges: 'hard_parts',
  lessons: 'hard_parts',
  achievements: 'milestones',
};

/** Merges a story patch into the current story: sections sent change; null or '' clears one. */
export function mergeStory(current: DraftStory, patch: Record<string, string | null | undefined>): DraftStory {
  const next: Record<string, string> = { ...current };
  const incoming: Record<string, string | null> = {};
  for (const [key, raw] of Object.entries(patch)) {
    if (raw === undefined) continue;
    // Line breaks as LF: a browser form posts CRLF, and the API then answered "\r\n" where other text has "\n".
    const value = raw === null ? null : raw.replace(/\r\n?/g, '\n');
    const target = LEGACY_STORY_MAP[key] ?? key;
    const prev = incoming[target];
    incoming[target] =
      value === null || value.trim() === '' ? (prev ?? null) : prev ? `${prev}\n\n${value.trim()}` : value.trim();
  }
  for (const [key, value] of Object.entries(incoming)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as DraftStory;
}
