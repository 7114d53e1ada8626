// GET /api/v1/me/listings/{listing_id}/badges: get_badges
import { notAllowed, rest } from '@/lib/http/route';

export const GET = rest('get_badges');
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed('GET');
