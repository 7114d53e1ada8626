// POST /api/v1/drafts/{id}/invites: invite_cofounder
import { notAllowed, rest } from '@/lib/http/route';

export const POST = rest('invite_cofounder');
export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed('POST');
