'use server';
// Submit a product by its website: creates the draft and goes to its page, where it builds live.
import { redirect } from 'next/navigation';
import { requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { submitUrl } from '@/lib/drafts/submit-url';
import { sessionContext } from './session-context';
import type { ActionState } from './state';
import { formRefusal } from './form-check';

/** data.listing_id: the owner's listing of this website, when they list it already. */
export type SubmitUrlState = ActionState<{ url: string }, { listing_id: number }>;

export async function submitUrlAction(_prev: SubmitUrlState, fd: FormData): Promise<SubmitUrlState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const user = await requireUser('/submit');
  const url = String(fd.get('url') ?? '').trim();
  const refuse = (message: string): SubmitUrlState => ({
    status: 'error',
    fieldErrors: { url: message },
    values: { url },
  });
  if (!url) return refuse('Enter the address of your website, e.g. https://example.com.');
  if (url.length > 2000) return refuse('That address is too long.');
  let id: string;
  try {
    id = (await submitUrl(await sessionContext(user), url)).id;
  } catch (err) {
    if (err instanceof AppError) {
      const listed = err.extra?.reason === 'already_listed' ? Number(err.extra.listing_id) : null;
      return {
        ...refuse(err.errors?.[0]?.message ?? err.message),
        ...(listed ? { data: { listing_id: listed } } : {}),
      };
    }
    console.error('[drafts] submit url failed:', err);
    return refuse('We could not start reading your site just now. Please try again.');
  }
  redirect(`/drafts/${id}`);
}
