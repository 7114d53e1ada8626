// npm run bench:guard — the evidence guard's precision (invented values dropped) and recall (true
// values kept): on the case table (lib/drafts/test/guard-cases.ts, English and German) and on the
// fixture sites acme (English) and notiz (German): the deterministic drafter's values are the true
// ones, and each is also changed the way a model invents (a number ×10, a truncated name, an added
// claim, a flipped negation, a shifted date, an extra category…) with the same quotes, to be dropped.
// Targets: precision 100 %, recall ≥ 95 %. Exits 1 below them. No database, no network.
import { GUARD_CASES } from '../lib/drafts/test/guard-cases';
import { caseKept, caseName } from '../lib/drafts/test/run-guard-case';
import { draftFixture, fixtureSite } from '../lib/drafts/test/fixture-drafts';
import { guardProposals } from '../lib/drafts/guard';
import { siteCorpus } from '../lib/drafts/site-corpus';
import type { Proposals } from '../lib/drafts/types';

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : 'n/a');
const failures: string[] = [];
const total = { invented: 0, dropped: 0, truthful: 0, kept: 0 };
const tally = (invented: number, dropped: number, truthful: number, kept: number) => {
  total.invented += invented;
  total.dropped += dropped;
  total.truthful += truthful;
  total.kept += kept;
};

// 1. The case table.
for (const lang of ['en', 'de'] as const) {
  const cases = GUARD_CASES.filter((c) => c.lang === lang);
  const invented = cases.filter((c) => c.expected === 'dropped');
  const truthful = cases.filter((c) => c.expected === 'kept');
  const dropped = invented.filter((c) => !caseKept(c));
  const kept = truthful.filter((c) => caseKept(c));
  for (const c of [...invented.filter((c) => caseKept(c)), ...truthful.filter((c) => !caseKept(c))])
    failures.push(`table: ${caseName(c)}`);
  tally(invented.length, dropped.length, truthful.length, kept.length);
  console.log(
    `case table (${lang}): precision ${pct(dropped.length, invented.length)} (${dropped.length}/${invented.length} invented dropped), recall ${pct(kept.length, truthful.length)} (${kept.length}/${truthful.length} true kept)`,
  );
}

// 2. The fixture sites: true values, and the same values changed the way a model invents.
type Mutant = { label: string; proposals: Proposals; survived: (g: Proposals) => boolean };
const times10 = (s: string) => s.replace(/\d+/, (n) => `${n}0`);
const truncate = (s: string) => s.replace(/(\p{L}{2,})\p{L}(\P{L}*)$/u, '$1$2');
const addClaim = (s: string, de: boolean) =>
  `${s.replace(/[.\s]+$/, '')}${de ? ' und ist für Krankenhäuser zertifiziert.' : ', and it is certified for hospitals.'}`;
const negate = (s: string, de: boolean) =>
  de ? s.replace(/\b(ist|sind|werden|wird)\b/, '$1 nicht') : s.replace(/\b(is|are|can|will)\b/, '$1 not');

function mutants(raw: Proposals, de: boolean): Mutant[] {
  const out: Mutant[] = [];
  const scalar = (field: keyof Proposals, label: string, value: unknown) => {
    const p = raw[field];
    if (!p || value === p.value || value === null) return;
    out.push({
      label: `${field} ${label}: ${JSON.stringify(value)}`,
      proposals: { [field]: { ...p, value } } as Proposals,
      survived: (g) => JSON.stringify(g[field]?.value) === JSON.stringify(value),
    });
  };
  for (const f of [
    'headline',
    'summary',
    'description',
    'pricing',
    'team_size',
    'headquarters',
    'name',
    'company_name',
  ] as const) {
    const v = raw[f]?.value;
    if (typeof v !== 'string') continue;
    if (/\d/.test(v)) scalar(f, 'number ×10', times10(v));
    if (f === 'name' || f === 'company_name') scalar(f, 'truncated', truncate(v));
    if (['headline', 'summary', 'description'].includes(f)) {
      scalar(f, 'added claim', addClaim(v, de));
      scalar(f, 'negated', negate(v, de));
    }
    if (f === 'headquarters') scalar(f, 'other city', de ? 'Hamburg' : 'San Francisco');
  }
  if (typeof raw.contact_email?.value === 'string')
    scalar('contact_email', 'other mailbox', raw.contact_email.value.replace(/^[^@]+/, 'ceo'));
  if (typeof raw.founded_year?.value === 'number') scalar('founded_year', 'other year', raw.founded_year.value - 3);
  if (typeof raw.logo_url?.value === 'string')
    scalar('logo_url', 'invented image', raw.logo_url.value.replace(/[^/]+$/, 'brand-mark.svg'));
  if (raw.categories?.value) {
    const extra = ['Travel', 'Finance'].find((c) => !raw.categories!.value!.includes(c))!;
    out.push({
      label: `categories + ${extra}`,
      proposals: { categories: { ...raw.categories, value: [...raw.categories.value, extra] } },
      survived: (g) => !!g.categories?.value?.includes(extra),
    });
  }
  for (const [i, f] of (raw.founders?.value ?? []).entries()) {
    const name = truncate(f.name);
    if (name === f.name) continue;
    out.push({
      label: `founder ${i} truncated: ${name}`,
      proposals: { founders: { value: [{ ...f, name }], evidence: f.evidence } },
      survived: (g) => !!g.founders?.value?.some((x) => x.name === name),
    });
  }
  for (const [i, f] of (raw.faqs?.value ?? []).entries()) {
    const answer = /\d/.test(f.answer) ? times10(f.answer) : addClaim(f.answer, de);
    out.push({
      label: `faq ${i} answer: ${answer}`,
      proposals: { faqs: { value: [{ ...f, answer }], evidence: f.evidence } },
      survived: (g) => !!g.faqs?.value?.some((x) => x.answer === answer),
    });
  }
  for (const [i, m] of (raw.milestones?.value ?? []).entries()) {
    const date = m.date.replace(/-(\d{2})$/, (_, d) => `-${String(((Number(d) + 2) % 28) + 1).padStart(2, '0')}`);
    out.push({
      label: `milestone ${i} date: ${date}`,
      proposals: { milestones: { ...raw.milestones!, value: [{ ...m, date }] } },
      survived: (g) => !!g.milestones?.value?.some((x) => x.date === date),
    });
  }
  if (raw.story?.value?.how_started) {
    const how = addClaim(raw.story.value.how_started, de);
    out.push({
      label: 'story added claim',
      proposals: { story: { ...raw.story, value: { how_started: how } } },
      survived: (g) => g.story?.value?.how_started === how,
    });
  }
  if (raw.seo)
    out.push({
      label: 'seo keyword blockchain',
      proposals: { seo: { ...raw.seo, value: { ...raw.seo.value, keywords: ['blockchain'] } } },
      survived: (g) => !!g.seo?.value?.keywords?.includes('blockchain'),
    });
  return out;
}

for (const name of ['acme', 'notiz']) {
  const r = await draftFixture(name);
  const site = fixtureSite(name);
  const ctx = { corpus: siteCorpus(site.pages), categories: site.categories.map((c) => c.name), now: site.now };
  const ms = mutants(r.raw, name === 'notiz');
  const survived = ms.filter((m) => m.survived(guardProposals(m.proposals, ctx)));
  for (const l of r.lost) failures.push(`${name}: true value lost ${l}`);
  for (const m of survived) failures.push(`${name}: invented value kept ${m.label}`);
  tally(ms.length, ms.length - survived.length, r.total, r.kept);
  console.log(
    `fixture ${name}: recall ${pct(r.kept, r.total)} (${r.kept}/${r.total} true values kept), precision ${pct(ms.length - survived.length, ms.length)} (${ms.length - survived.length}/${ms.length} invented variants dropped)`,
  );
}

console.log(
  `\nall: precision ${pct(total.dropped, total.invented)} (${total.dropped}/${total.invented}), recall ${pct(total.kept, total.truthful)} (${total.kept}/${total.truthful}); targets: precision 100 %, recall ≥ 95 %`,
);
if (failures.length) console.log(`\n${failures.length} miss(es):\n  ${failures.join('\n  ')}`);
if (total.dropped < total.invented || total.kept < 0.95 * total.truthful) process.exit(1);
