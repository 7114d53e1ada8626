import type { StorySections } from '@/db/schema';

export const STORY_SECTIONS: { key: Exclude<keyof StorySections, 'title'>; label: string }[] = [
  { key: 'how_started', label: 'How it started' },
  { key: 'problem', label: 'The problem' },
  { key: 'what_built', label: 'What we built' },
  { key: 'hard_parts', label: 'The hard parts' },
  { key: 'milestones', label: 'Milestones' },
  { key: 'whats_next', label: 'What’s next' },
];

export function storyExcerpt(s: StorySections, length = 220): string {
  const first = STORY_SECTIONS.map((x) => s[x.key]).find((t) => t && t.trim()) ?? '';
  return first.length > length ? `${first.slice(0, length).replace(/\s+\S*$/, '')}…` : first;
}
