// The vocabulary of synthetic listings: real product words first (the most frequent ranks), then
// ~8000 made-up ones for the long tail. Listings draw words by rank with a Zipf-like law (see
// `zipfPick` in load.ts): a few words appear in most listings, most words in very few.

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

const SYLLABLES = 'ka lo mi ne ru sa ti vo ze bra cli dro fen gur hal jin kor lum mar nix pel quo ros tav'.split(' ');

/** Real product words, then made-up three-syllable ones (about 8,000 in all), most frequent first. */
export function vocabulary(): string[] {
  const made: string[] = [];
  for (const a of SYLLABLES)
    for (const b of SYLLABLES) for (const c of SYLLABLES) if (made.length < 8000) made.push(a + b + c);
  return [...new Set([...WORDS, ...made])];
}
