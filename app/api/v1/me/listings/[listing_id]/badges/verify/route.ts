// POST /api/v1/me/listings/{listing_id}/badges/verify: verify_badge
import { notAllowed, rest } from '@/lib/http/route';

export const POST = rest('verify_badge');
export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed('POST');
