// GET /api/v1/products: list_products
import { rest } from '@/lib/http/route';

export const GET = rest('list_products');
