// /api/v1/orders/quote: quote_order (POST)
import { notAllowed, rest } from '@/lib/http/route';

export const POST = rest('quote_order');
export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed('POST');
