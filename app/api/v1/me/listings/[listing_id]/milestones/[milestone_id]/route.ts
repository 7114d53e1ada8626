// DELETE /api/v1/me/listings/{listing_id}/milestones/{milestone_id}: delete_milestone
import { notAllowed, rest } from '@/lib/http/route';

export const DELETE = rest('delete_milestone');
export const { GET, POST, PUT, PATCH, OPTIONS } = notAllowed('DELETE');
