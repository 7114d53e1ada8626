// npm run demo-site — a small product website (Acme, the tests' fixture) on this machine, to try
// drafting where there is no internet: the crawler reads only public websites unless the directory
// is started with CRAWLER_ALLOW_PRIVATE_HOSTS naming this host. DEMO_SITE_PORT (4010) sets the port.
import { startFixtureSite } from '../test/support/fixture-sites';

const port = Number(process.env.DEMO_SITE_PORT || 4010);
const site = await startFixtureSite('acme', { port });
console.log(`[demo-site] Acme's website is at ${site.url}/ (Ctrl-C stops it).`);
console.log(
  '[demo-site] Start the directory with CRAWLER_ALLOW_PRIVATE_HOSTS=127.0.0.1 npm start, then submit that address.',
);
