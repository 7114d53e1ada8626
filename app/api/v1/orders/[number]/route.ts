// /api/v1/orders/{number}: get_order (GET)
import { notAllowed, rest } from '@/lib/http/route';

export const GET = rest('get_order');
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed('GET');
