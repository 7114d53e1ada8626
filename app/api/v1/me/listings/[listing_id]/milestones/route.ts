// POST /api/v1/me/listings/{listing_id}/milestones: add_milestone
import { notAllowed, rest } from '@/lib/http/route';

export const POST = rest('add_milestone');
export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed('POST');
