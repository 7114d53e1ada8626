// GET /api/v1/me: get_account
import { rest } from '@/lib/http/route';

export const GET = rest('get_account');
