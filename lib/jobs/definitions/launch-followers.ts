// A listing went live: mail the followers of the maker's other products, each once (lib/launches/followers.ts).
import { getDb } from '@/db/client';
import { tellFollowers } from '@/lib/launches/followers';
import { publicBaseUrl } from '@/lib/site/site';
import { siteNow } from '@/lib/time/clock';
import type { JobDefinition } from '../types';

export const launchFollowersJob: JobDefinition<'launches/went-live'> = {
  id: 'launch-followers',
  name: 'Tell the maker’s followers of a launch',
  event: 'launches/went-live',
  dedupeField: 'listing_id',
  retries: 3,
  run: async ({ listing_id: id }, step) =>
    step.run('mail-followers', async () => ({
      listing_id: id,
      mailed: await tellFollowers(await getDb(), publicBaseUrl(), id, siteNow()),
    })),
};
