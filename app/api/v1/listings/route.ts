// GET /api/v1/listings: search_listings
import { notAllowed, rest } from '@/lib/http/route';

export const GET = rest('search_listings');
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed('GET');
