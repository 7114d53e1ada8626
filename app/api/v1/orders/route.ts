// /api/v1/orders: list_my_orders (GET)
import { notAllowed, rest } from '@/lib/http/route';

export const GET = rest('list_my_orders');
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed('GET');
