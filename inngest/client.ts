// The Inngest client. With no Inngest configured, the same functions run in the local runner
// (lib/jobs), so `npm start` needs no other service (docs/decisions.md#embedded-defaults).
import { Inngest } from 'inngest';

export const inngest = new Inngest({ id: 'product-directory' });

/** True when an Inngest server (cloud, self-hosted or dev) receives our events. */
export function inngestConfigured(): boolean {
  return Boolean(process.env.INNGEST_EVENT_KEY || process.env.INNGEST_DEV || process.env.INNGEST_BASE_URL);
}
