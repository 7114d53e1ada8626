// What an owner sends to post an update or add a milestone: the limits live in these schemas, so the
// API, MCP and OpenAPI state them and the forms refuse the same things (docs/decisions.md#input-validation).
import { z } from 'zod';
import { MAX_MILESTONES } from '@/lib/drafts/types';
import { milestoneDate } from './milestone-date';
import { MILESTONE_DESCRIPTION_MAX, MILESTONE_TITLE_MAX, UPDATE_BODY_MAX, UPDATE_TITLE_MAX } from './limits';

export { MAX_MILESTONES, UPDATE_BODY_MAX, UPDATE_TITLE_MAX };

/** One line: no line breaks or other control characters (it becomes a mail subject and a feed title). */
const oneLine = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter ${what}.`)
    .max(max, `At most ${max} characters.`)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'One line of text: no line breaks.');

export const updateTitle = oneLine(UPDATE_TITLE_MAX, 'a title').meta({
  description: `The update's headline, one line of at most ${UPDATE_TITLE_MAX} characters.`,
  example: 'Dark mode is here',
});

export const updateBody = z
  .string()
  .trim()
  .min(1, 'Write the update.')
  .max(UPDATE_BODY_MAX, `At most ${UPDATE_BODY_MAX} characters.`)
  .meta({
    description: `Plain text (no HTML or Markdown rendering; line breaks are kept), at most ${UPDATE_BODY_MAX} characters. Followers get it by email.`,
    example: 'Every screen now follows your system theme. Thanks to everyone who asked for it!',
  });

/** A link that must be https:// and parse as a URL with a host. */
const httpsLink = z
  .string()
  .trim()
  .max(2000, 'At most 2000 characters.')
  .refine((v) => {
    if (v === '') return true; // no link, as null is (an empty form field; competitor_url takes "" so too)
    if (!v.startsWith('https://') || /\s/.test(v) || !URL.canParse(v)) return false;
    const u = new URL(v);
    return u.protocol === 'https:' && u.hostname !== '' && !u.username && !u.password;
  }, 'Must be a link starting with https://.');

export const milestoneBody = {
  date: milestoneDate,
  title: oneLine(MILESTONE_TITLE_MAX, 'a title').meta({
    description: `What happened, at most ${MILESTONE_TITLE_MAX} characters.`,
    example: 'First 1,000 customers',
  }),
  description: z
    .string()
    .trim()
    .max(MILESTONE_DESCRIPTION_MAX, `At most ${MILESTONE_DESCRIPTION_MAX} characters.`)
    .nullable()
    .optional()
    .meta({ description: `Plain text, at most ${MILESTONE_DESCRIPTION_MAX} characters.` }),
  url: httpsLink.nullable().optional().meta({
    description: 'A link about it, starting with https:// (empty or null: none).',
    example: 'https://example.com/blog/1000',
  }),
};

export const milestoneInput = z.strictObject(milestoneBody);
export type MilestoneInput = z.infer<typeof milestoneInput>;
