// GET /api/v1/products: list_products
import { notAllowed, rest } from '@/lib/http/route';

export const GET = rest('list_products');
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed('GET');
