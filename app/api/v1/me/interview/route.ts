// PUT /api/v1/me/interview: answer_interview
import { notAllowed, rest } from '@/lib/http/route';

export const PUT = rest('answer_interview');
export const { GET, POST, PATCH, DELETE, OPTIONS } = notAllowed('PUT');
