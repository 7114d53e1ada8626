import { STORY_SECTIONS, type StorySection, type StorySections } from '@/db/schema';

type Chapter = Exclude<StorySection, 'title'>;
const LABELS: Record<Chapter, string> = {
  how_started: 'How it started',
  problem: 'The problem',
  what_built: 'What we built',
  hard_parts: 'The hard parts',
  milestones: 'Milestones',
  whats_next: 'What’s next',
};

/** The story sections shown as chapters of the public story (the title is its heading), in order. */
export const STORY_CHAPTERS = STORY_SECTIONS.filter((k): k is Chapter => k !== 'title').map((key) => ({
  key,
  label: LABELS[key],
}));

export function storyExcerpt(s: StorySections, length = 220): string {
  const first = STORY_CHAPTERS.map((x) => s[x.key]).find((t) => t && t.trim()) ?? '';
  return first.length > length ? `${first.slice(0, length).replace(/\s+\S*$/, '')}…` : first;
}
