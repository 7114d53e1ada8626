// POST /api/v1/drafts/{id}/submit: submit_draft
import { rest } from '@/lib/http/route';

export const POST = rest('submit_draft');
