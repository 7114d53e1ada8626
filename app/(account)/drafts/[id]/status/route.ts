// GET /drafts/{id}/status: the draft's build progress for the editor's progress bar (session only).
import { getDb } from '@/db/client';
import { getCurrentUser } from '@/lib/auth/session';
import { draftStatus } from '@/lib/drafts/status';

export const dynamic = 'force-dynamic';
const headers = { 'cache-control': 'no-store' };

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: 'sign_in_required' }, { status: 401, headers });
  const { id } = await params;
  const status = await draftStatus(await getDb(), user.id, id.slice(0, 64));
  if (!status) return Response.json({ error: 'not_found' }, { status: 404, headers });
  return Response.json(status, { headers });
}
