// The founder story rules (docs/decisions.md#founder-story-rules): at least 3 of the 6 body
// sections written, at least 250 words in them, and the primary founder's profile complete with a
// photo. Pure functions: the server decides with them, and the editor's checklist ticks with them
// as the founder types (so this file imports no database code).
import type { StorySections } from '@/db/schema';

export const MIN_STORY_SECTIONS = 3;
export const MIN_STORY_WORDS = 250;
/** The body sections (every section but the title). */
export const BODY_SECTION_COUNT = 6;

/** Words as a reader counts them: runs of letters or digits (apostrophes and hyphens inside a word keep it one). */
export function countWords(text: string | null | undefined): number {
  if (!text) return 0;
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Sections written and words in all, over the body sections (the title is a heading, not counted). */
export function storyProgress(sections: StorySections): { sections: number; words: number } {
  const body = Object.entries(sections).filter(([key, text]) => key !== 'title' && text && text.trim());
  return { sections: body.length, words: body.reduce((n, [, text]) => n + countWords(text), 0) };
}

/** The primary founder's profile as the rules see it (worked out on the server). */
export type ProfileCheck = {
  complete: boolean;
  /** What is missing, each with where it is fixed. */
  missing: { reason: string; url: string }[];
};

export type StoryRuleKey = 'sections' | 'words' | 'profile';
export type StoryCheck = {
  key: StoryRuleKey;
  label: string;
  met: boolean;
  /** How far along, e.g. "2 of 3 sections" (shown beside the label). */
  progress: string;
};

/** The three rules, each met or not, in the order the checklist shows them. */
export function storyChecks(sections: StorySections, profile: ProfileCheck): StoryCheck[] {
  const p = storyProgress(sections);
  return [
    {
      key: 'sections',
      label: `At least ${MIN_STORY_SECTIONS} of the ${BODY_SECTION_COUNT} sections written`,
      met: p.sections >= MIN_STORY_SECTIONS,
      progress: `${p.sections} written`,
    },
    {
      key: 'words',
      label: `At least ${MIN_STORY_WORDS} words in all`,
      met: p.words >= MIN_STORY_WORDS,
      progress: `${p.words} ${p.words === 1 ? 'word' : 'words'}`,
    },
    {
      key: 'profile',
      label: "The primary founder's profile is complete, with a photo",
      met: profile.complete,
      progress: profile.complete ? 'complete' : `${profile.missing.length} to do`,
    },
  ];
}

/** What is left before the story can publish ([] when every rule is met): the spec's `missing`. */
export function storyMissing(
  sections: StorySections,
  profile: ProfileCheck,
  editorUrl: string,
): { reason: string; url: string }[] {
  const p = storyProgress(sections);
  const out: { reason: string; url: string }[] = [];
  if (p.sections < MIN_STORY_SECTIONS)
    out.push({
      reason: `Write at least ${MIN_STORY_SECTIONS} of the ${BODY_SECTION_COUNT} story sections (${p.sections} written so far).`,
      url: editorUrl,
    });
  if (p.words < MIN_STORY_WORDS)
    out.push({
      reason: `Write at least ${MIN_STORY_WORDS} words in all (${p.words} so far).`,
      url: editorUrl,
    });
  if (!profile.complete) out.push(...profile.missing);
  return out;
}
