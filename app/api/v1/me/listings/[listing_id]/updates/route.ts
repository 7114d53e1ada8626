// POST /api/v1/me/listings/{listing_id}/updates: post_listing_update
import { notAllowed, rest } from '@/lib/http/route';

export const POST = rest('post_listing_update');
export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed('POST');
