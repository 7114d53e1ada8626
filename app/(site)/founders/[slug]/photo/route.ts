// GET /founders/{slug}/photo: the founder's photo as we re-encoded it (lib/founders/photo-response.ts).
import { getDb } from '@/db/client';
import { getCurrentUser } from '@/lib/auth/session';
import { founderPhotoResponse } from '@/lib/founders/photo-response';

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return founderPhotoResponse(await getDb(), slug, request, async () => (await getCurrentUser())?.id ?? null);
}
