// The Inngest serve endpoint (used when an Inngest server is configured).
import { serve } from 'inngest/next';
import { inngest } from '@/inngest/client';
import { functions } from '@/inngest/functions';

export const { GET, POST, PUT } = serve({ client: inngest, functions });
