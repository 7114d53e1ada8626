// POST /api/v1/drafts/{id}/invites: invite_cofounder
import { rest } from '@/lib/http/route';

export const POST = rest('invite_cofounder');
