// GET /api/v1/categories: list_categories
import { rest } from '@/lib/http/route';

export const GET = rest('list_categories');
