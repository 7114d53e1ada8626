// POST /api/v1/drafts/{id}/submit: submit_draft
import { notAllowed, rest } from '@/lib/http/route';

export const POST = rest('submit_draft');
export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed('POST');
