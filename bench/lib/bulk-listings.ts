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

export async function bulkInsertListings(url: string, count: number) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [{ id: siteId }] = await sql`select id from sites limit 1`;
  await sql`
    with w as (select ${WORDS}::text[] as words, ${WORDS.length}::int as n)
    insert into listings (site_id, slug, name, url, headline, summary, description, status, plan, votes_count, launch_week, launched_at)
    select ${siteId}, 'bench-' || g,
      initcap(words[1 + (g * 7919) % n]) || initcap(words[1 + (g * 104729) % n]) || ' ' || g,
      'https://bench-' || g || '.example.com',
      'The ' || words[1 + (random() * (n - 1))::int] || ' ' || words[1 + (random() * (n - 1))::int] || ' for ' || words[1 + (random() * (n - 1))::int] || ' teams',
      array_to_string(array(select words[1 + (random() * (n - 1))::int] from generate_series(1, 12 + (g % 3))), ' '),
      array_to_string(array(select words[1 + (random() * (n - 1))::int] from generate_series(1, 30 + (g % 5))), ' '),
      'live', 'free', (random() * 400)::int, '2026-W40', now() - (random() * interval '300 days')
    from generate_series(1, ${count}) g, w`;
  await sql`analyze listings`;
  await sql.end();
}
