// The context every operation handler and domain function receives: the database, who is calling,
// the site, the time and where the call comes from. Faces build it; domain code only reads it.
import type { Db } from '@/db/client';
import type { Principal } from '@/lib/auth/principal';
import type { Site } from '@/lib/site/site';

/** Which face a call came through: the site's own pages, the REST API, an MCP client, or a job. */
export type Face = 'web' | 'api' | 'mcp' | 'job';

export type OpContext = {
  db: Db;
  /**
   * Public reads that no person's own data depends on (search, leaderboards, catalog): under the
   * public statement timeout, from a replica when configured. `db` on PGlite. Writes and a person's
   * own data use `db`.
   */
  publicDb: Db;
  principal: Principal | null;
  site: Site;
  now: Date;
  /** Public origin of the site, e.g. http://localhost:3000 (no trailing slash). */
  baseUrl: string;
  /** Client IP as seen by the server (lib/client-ip.ts), for rate limits. */
  ip: string | null;
  /** Which face the call came through (recorded in a listing's version history); unset means 'api'. */
  face?: Face;
};
export type AuthedContext = OpContext & { principal: Principal };
