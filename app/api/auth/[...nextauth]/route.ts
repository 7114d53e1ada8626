// Auth.js endpoints (sign-in, callbacks, sign-out, session).
import { handlers } from '@/lib/auth/auth';

export const { GET, POST } = handlers;
