// /api/v1/me/listings/{listing_id}: get_my_listing (GET), update_my_listing (PATCH)
import { notAllowed, rest } from '@/lib/http/route';

export const GET = rest('get_my_listing');
export const PATCH = rest('update_my_listing');
export const { POST, PUT, DELETE, OPTIONS } = notAllowed('GET', 'PATCH');
