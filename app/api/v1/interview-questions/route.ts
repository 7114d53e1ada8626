// GET /api/v1/interview-questions: list_interview_questions
import { rest } from '@/lib/http/route';

export const GET = rest('list_interview_questions');
