// Inserts N live listings with varied words in one SQL statement (generate_series).
import postgres from 'postgres';

export const WORDS = (
  'cloud pilot ledger note flow pixel quick bright calm swift spark orbit harbor forest river stone ' +
  'north signal pulse vector atlas beacon canvas craft delta echo fable garden hatch ember field ' +
  'invoice budget payroll tax expense receipt wallet billing credit ' +
  'analytics dashboard metric report insight chart funnel cohort ' +
  'design mockup prototype icon brand font palette sketch ' +
  'email newsletter campaign audience launch waitlist referral ' +
  'kanban task calendar schedule habit focus timer reminder ' +
  'deploy server monitor uptime log alert incident webhook api database query backup ' +
  'recipe garden travel fitness sleep meditation language reading podcast video music photo ' +
  'hiring interview onboarding payroll team feedback survey form contract signature ' +
  'security password vault privacy encryption phishing compliance audit ' +
  'shop cart checkout inventory shipping order marketplace subscription'
).split(' ');

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ze',
  'bra',
  'cli',
  'dro',
  'fen',
  'gur',
  'hal',
  'jin',
  'kor',
  'lum',
  'mar',
  'nix',
  'pel',
  'quo',
  'ros',
  'tav',
];

/**
 * Real product words plus ~8000 made-up ones, so each word appears in a realistic share of listings
 * (a few hundred of 100k) instead of a third of them.
 */
export function vocabulary(): string[] {
  const made: string[] = [];
  for (const a of SYLLABLES)
    for (const b of SYLLABLES) for (const c of SYLLABLES) if (made.length < 8000) made.push(a + b + c);
  return [...WORDS, ...made];
}

export async function bulkInsertListings(url: string, count: number) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [{ id: siteId }] = await sql`select id from sites limit 1`;
  const vocab = vocabulary();
  await sql`
    with w as (select ${vocab}::text[] as words, ${vocab.length}::int as n)
    insert into listings (site_id, slug, name, url, headline, summary, description, status, plan, votes_count, launch_week, launched_at)
    select ${siteId}, 'bench-' || g,
      initcap(words[1 + ((g::bigint * 7919) % n)::int]) || initcap(words[1 + ((g::bigint * 104729) % n)::int]) || ' ' || g,
      'https://bench-' || g || '.example.com',
      'The ' || words[1 + (random() * (n - 1))::int] || ' ' || words[1 + (random() * (n - 1))::int] || ' for ' || words[1 + (random() * (n - 1))::int] || ' teams',
      array_to_string(array(select words[1 + (random() * (n - 1))::int] from generate_series(1, 12 + (g % 3))), ' '),
      array_to_string(array(select words[1 + (random() * (n - 1))::int] from generate_series(1, 30 + (g % 5))), ' '),
      'live', 'free', (random() * 400)::int, '2026-W40', now() - (random() * interval '300 days')
    from generate_series(1, ${count}) g, w`;
  await sql`analyze listings`;
  await sql.end();
}

/** A migrated, seeded bench database with `count` extra live listings. */
export async function prepareBenchListings(url: string, count: number) {
  const { openDatabase } = await import('../../db/client');
  const { migrate } = await import('../../db/migrate');
  const { seedDatabase } = await import('../../db/seed/seed');
  console.log(`Preparing ${count} listings in a fresh database…`);
  const handle = await openDatabase({ url });
  await migrate(handle);
  await seedDatabase(handle.db, { demo: true });
  await handle.close();
  await bulkInsertListings(url, count);
}
