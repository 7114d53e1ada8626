// GET /api/v1/listings: search_listings
import { rest } from '@/lib/http/route';

export const GET = rest('search_listings');
