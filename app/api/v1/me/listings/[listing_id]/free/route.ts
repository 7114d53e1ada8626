// POST /api/v1/me/listings/{listing_id}/free: choose_free_listing
import { notAllowed, rest } from '@/lib/http/route';

export const POST = rest('choose_free_listing');
export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed('POST');
