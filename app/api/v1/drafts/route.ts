// /api/v1/drafts: submit_listing (POST), list_my_drafts (GET)
import { notAllowed, rest } from '@/lib/http/route';

export const POST = rest('submit_listing');
export const GET = rest('list_my_drafts');
export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed('POST', 'GET');
