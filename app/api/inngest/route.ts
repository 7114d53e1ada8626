// The Inngest serve endpoint. Without Inngest configured, jobs run in-process (lib/jobs) and this
// endpoint says so instead of failing for want of a signing key.
import { serve } from 'inngest/next';
import { inngest, inngestConfigured } from '@/inngest/client';
import { functions } from '@/inngest/functions';

const handlers = serve({ client: inngest, functions });

type Handler = (request: Request, context: unknown) => Promise<Response>;
const guarded =
  (handler: unknown): Handler =>
  (request, context) =>
    inngestConfigured()
      ? (handler as Handler)(request, context)
      : Promise.resolve(
          Response.json(
            {
              status: 'local',
              detail:
                'No Inngest server is configured (INNGEST_EVENT_KEY, INNGEST_DEV or INNGEST_BASE_URL); jobs run in-process.',
            },
            { status: 503 },
          ),
        );

export const GET = guarded(handlers.GET);
export const POST = guarded(handlers.POST);
export const PUT = guarded(handlers.PUT);
