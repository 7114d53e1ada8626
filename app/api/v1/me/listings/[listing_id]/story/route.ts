// PUT /api/v1/me/listings/{listing_id}/story: set_founder_story
import { notAllowed, rest } from '@/lib/http/route';

export const PUT = rest('set_founder_story');
export const { GET, POST, PATCH, DELETE, OPTIONS } = notAllowed('PUT');
