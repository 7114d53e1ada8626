// /api/v1/orders/checkout: create_checkout (POST)
import { notAllowed, rest } from '@/lib/http/route';

export const POST = rest('create_checkout');
export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed('POST');
