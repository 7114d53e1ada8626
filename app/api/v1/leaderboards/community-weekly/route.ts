// GET /api/v1/leaderboards/community-weekly: get_weekly_leaderboard
import { notAllowed, rest } from '@/lib/http/route';

export const GET = rest('get_weekly_leaderboard');
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed('GET');
