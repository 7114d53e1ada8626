// Founder story and founder interview (docs/spec.md "Own listings", "Founder interview"). Rules live
// in lib/founder-story/ and lib/founders/.
import { z } from 'zod';
import { rowIdText } from '@/lib/input/ids';
import { storyInput } from '@/lib/drafts/patch-schema';
import { setFounderStory, storySavedSchema } from '@/lib/founder-story/story';
import {
  answerInterview,
  interviewAnswerItem,
  interviewAnswersSchema,
  MAX_ANSWERS_PER_CALL,
} from '@/lib/founders/interview';
import { defineOperation } from './define';

const listingId = rowIdText().meta({ description: 'One of your listings (list_my_listings).', example: 42 });

export const setFounderStoryOp = defineOperation({
  name: 'set_founder_story',
  method: 'PUT',
  path: '/me/listings/{listing_id}/story',
  scope: 'listings:write',
  idempotent: true,
  tag: 'Own listings',
  summary: 'Write the founder story of a listing',
  description:
    'Sections: title, how_started, problem, what_built, hard_parts, milestones, whats_next (each at most 8000 characters). ' +
    'The older names story and why_started (→ how_started), journey (→ what_built), challenges and lessons (→ hard_parts) and achievements (→ milestones) are still accepted. ' +
    'Only the sections sent change; an empty string clears one; the text is kept as you wrote it. ' +
    'Every save checks the rules: at least 3 of the 6 body sections, at least 250 words in all, and the primary founder’s profile complete (name, role, bio, photo). ' +
    'Passing, the story is published (url is the public story page once the listing is live; before that the story editor, and shown_on_listing is false); otherwise it stays (or goes back to) draft and missing says what to do.',
  input: z.strictObject({ listing_id: listingId, ...storyInput.shape }),
  output: storySavedSchema,
  handler: (ctx, { listing_id, ...patch }) => setFounderStory(ctx, listing_id, patch),
  text: (s) =>
    s.status === 'published'
      ? s.shown_on_listing
        ? `Story published: ${s.url}`
        : `Story ready: it shows on the listing page once the listing is live. Edit it here: ${s.url}`
      : `Story saved as a draft. To publish:\n${s.missing.map((m) => `- ${m.reason} (${m.url})`).join('\n')}`,
});

export const answerInterviewOp = defineOperation({
  name: 'answer_interview',
  method: 'PUT',
  path: '/me/interview',
  scope: 'listings:write',
  idempotent: true,
  tag: 'Interview',
  summary: 'Answer founder interview questions',
  description:
    'Saves answers on your founder profile (created on your first answer). Each item names a question by its id or key from list_interview_questions. ' +
    'Only the answers sent change; an empty answer removes that answer. Returns all your answers. ' +
    'Answers show on your public founder page and on the interview page once you are behind a live listing.',
  input: z.strictObject({
    answers: z
      .array(interviewAnswerItem)
      .min(1, 'Send at least one answer.')
      .max(MAX_ANSWERS_PER_CALL, `At most ${MAX_ANSWERS_PER_CALL} answers per call.`),
  }),
  output: interviewAnswersSchema,
  handler: (ctx, input) => answerInterview(ctx, input.answers),
  text: (o) =>
    o.answers.length
      ? o.answers.map((a) => `${a.question}\n${a.answer}`).join('\n\n')
      : 'You have no interview answers now.',
});
