// /api/v1/drafts/{id}: get_draft (GET), update_draft (PATCH)
import { notAllowed, rest } from '@/lib/http/route';

export const GET = rest('get_draft');
export const PATCH = rest('update_draft');
export const { POST, PUT, DELETE, OPTIONS } = notAllowed('GET', 'PATCH');
