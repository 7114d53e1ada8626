'use server';
// Submit a product by its website: creates the draft and goes to its page, where it builds live.
import { redirect } from 'next/navigation';
import { requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { submitUrl } from '@/lib/drafts/submit-url';
import { sessionContext } from './session-context';

export type SubmitUrlState = { error?: string; url?: string };

export async function submitUrlAction(_prev: SubmitUrlState, fd: FormData): Promise<SubmitUrlState> {
  const user = await requireUser('/submit');
  const url = String(fd.get('url') ?? '').trim();
  if (!url) return { error: 'Enter the address of your website, e.g. https://example.com.', url };
  if (url.length > 2000) return { error: 'That address is too long.', url };
  let id: string;
  try {
    id = (await submitUrl(await sessionContext(user), url)).id;
  } catch (err) {
    if (err instanceof AppError) return { error: err.errors?.[0]?.message ?? err.message, url };
    console.error('[drafts] submit url failed:', err);
    return { error: 'We could not start reading your site just now. Please try again.', url };
  }
  redirect(`/drafts/${id}`);
}
