// GET /api/v1/me/listings: list_my_listings
import { notAllowed, rest } from '@/lib/http/route';

export const GET = rest('list_my_listings');
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed('GET');
