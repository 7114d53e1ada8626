// GET /drafts/{id}/status: the draft's build progress for the editor's progress bar (session only).
// Errors are problem+json like every other error of the site.
import { getDb } from '@/db/client';
import { getCurrentUser } from '@/lib/auth/session';
import { draftStatus } from '@/lib/drafts/status';
import { AppError, notFound } from '@/lib/errors/app-error';
import { problemResponse } from '@/lib/http/problem-response';

export const dynamic = 'force-dynamic';
const headers = { 'cache-control': 'no-store' };

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const user = await getCurrentUser();
    if (!user) throw new AppError('unauthorized', 'Sign in to follow the progress of your draft.');
    const { id } = await params;
    const status = await draftStatus(await getDb(), user.id, id.slice(0, 64));
    if (!status) throw notFound('Draft');
    return Response.json(status, { headers });
  } catch (err) {
    return problemResponse(err, headers);
  }
}
