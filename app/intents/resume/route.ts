// Where sign-in returns when a signed-out visitor pressed vote or follow: performs it once (the
// pending_intent cookie says which) and goes back to the product page. No parameters on purpose.
import { redirect } from 'next/navigation';
import { getCurrentUser, signInPath } from '@/lib/auth/session';
import { INTENT_RESUME_PATH, resumeFromSignIn } from '@/lib/actions/pending-intent';

export const dynamic = 'force-dynamic';

export async function GET() {
  const user = await getCurrentUser();
  if (!user) redirect(signInPath(INTENT_RESUME_PATH));
  redirect(await resumeFromSignIn(user));
}
