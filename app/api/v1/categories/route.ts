// GET /api/v1/categories: list_categories
import { notAllowed, rest } from '@/lib/http/route';

export const GET = rest('list_categories');
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed('GET');
