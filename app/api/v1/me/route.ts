// GET /api/v1/me: get_account
import { notAllowed, rest } from '@/lib/http/route';

export const GET = rest('get_account');
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed('GET');
