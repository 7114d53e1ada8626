// GET /api/v1/interview-questions: list_interview_questions
import { notAllowed, rest } from '@/lib/http/route';

export const GET = rest('list_interview_questions');
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed('GET');
