// Tokens of the evidence guard: words, numbers (with currency and percent), URLs, domains and
// e-mail addresses, each with what the guard needs to compare a value with its quotes (stem,
// salience, sentence start). English and German.

export type Lang = 'en' | 'de';
export type Token = {
  kind: 'word' | 'num' | 'url' | 'email' | 'domain';
  /** Canonical form: lower case; numbers without thousands separators, '.' as decimal point. */
  t: string;
  /** The text as written (with its currency or percent sign). */
  raw: string;
  cur?: 'usd' | 'eur' | 'gbp';
  pct?: boolean;
  /** First word of a sentence or line. */
  start: boolean;
  /** Index of the sentence/clause the token belongs to. */
  clause: number;
};

const STOP_EN =
  "a an the and or but nor so if then than that this these those there here of to in on at by for with from into onto over under about after before between through during within without across per via as is are was were be been being am do does did has have had having will would shall should can could may might must it its it's itself we us our ours you your yours they them their theirs he she him her his i me my mine who whom whose which what when where why how all any each every both some such more most other only own same too very just also up down out off again once get gets got use uses used using one's s t etc e g we're you're they're i'm we've you've they've we'll you'll it'll let's that's there's what's here's".split(
    ' ',
  );
const STOP_DE =
  'der die das den dem des ein eine einen einem einer eines und oder aber sondern denn doch wenn als wie so dass daß zu zum zur im in ins am an auf aus bei mit nach seit von vor über unter um durch für gegen ohne bis pro je ist sind war waren sein seid bin bist wird werden wurde wurden worden hat haben hatte hatten habe hast kann können konnte soll sollen muss müssen darf dürfen will wollen es er sie wir ihr ihre ihrer ihren ihrem ihres ihn ihm uns unser unsere unseren unserem unserer euch euer sich man mein meine meinen meinem meiner dein deine dieser diese dieses diesen diesem jeder jede jedes jeden jedem alle allen aller alles auch nur noch schon sehr mehr hier dort da was wer wo wann warum welche welcher welches heute jetzt'.split(
    ' ',
  );
export const STOP = new Set([...STOP_EN, ...STOP_DE]);

/** Words that carry no fact of their own: a paraphrase may add them. */
export const SOFT = new Set(
  'product products tool tools app apps platform service services solution solutions software offers offer provides provide helps help lets let allows allow enables enable makes make gives give includes include features feature comes come simple easy easily way ways new key main best great everything anything something things thing really always lets bietet bieten hilft helfen ermöglicht ermöglichen macht machen lösung lösungen plattform dienst produkt werkzeug einfach ganz'.split(
    ' ',
  ),
);

export const NEGATIONS = new Set(
  "not no never none nobody nothing neither nor without cannot can't don't doesn't didn't isn't aren't wasn't weren't won't wouldn't shouldn't couldn't hasn't haven't hadn't n't nicht kein keine keinen keinem keiner keines nie niemals nichts niemand ohne weder".split(
    ' ',
  ),
);
/** Answer words a value may not add or flip. */
export const ANSWERS = new Set(['yes', 'no', 'ja', 'nein']);

const NUMBER_WORDS: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
  sixty: '60',
  seventy: '70',
  eighty: '80',
  ninety: '90',
  hundred: '100',
  thousand: '1000',
  eins: '1',
  zwei: '2',
  drei: '3',
  vier: '4',
  fünf: '5',
  sechs: '6',
  sieben: '7',
  acht: '8',
  neun: '9',
  zehn: '10',
  elf: '11',
  zwölf: '12',
  zwanzig: '20',
  dreißig: '30',
  vierzig: '40',
  fünfzig: '50',
  sechzig: '60',
  siebzig: '70',
  achtzig: '80',
  neunzig: '90',
  hundert: '100',
  tausend: '1000',
};
const CURRENCY: Record<string, 'usd' | 'eur' | 'gbp'> = {
  $: 'usd',
  usd: 'usd',
  dollar: 'usd',
  dollars: 'usd',
  '€': 'eur',
  eur: 'eur',
  euro: 'eur',
  euros: 'eur',
  '£': 'gbp',
  gbp: 'gbp',
  pound: 'gbp',
  pounds: 'gbp',
};
const PERCENT = new Set(['%', 'percent', 'prozent']);

const TLD =
  'com|org|net|io|ai|app|dev|co|de|at|ch|eu|uk|fr|es|it|nl|se|no|dk|pl|test|example|so|xyz|tech|cloud|info|biz|me|us|ly|sh|gg|to|tv';
const TOKEN = new RegExp(
  [
    String.raw`(?<url>https?:\/\/[^\s<>"'\])]+)`,
    String.raw`(?<email>[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,})`,
    String.raw`(?<domain>(?:[\p{L}\p{N}-]+\.)+(?:${TLD})(?![\p{L}\p{N}]))`,
    String.raw`(?<word>[\p{L}\p{N}]+(?:[.,]\p{N}+)*(?:['’]\p{L}+)?)`,
    String.raw`(?<sym>[$€£%])`,
    String.raw`(?<stop>[.!?;:•\n]+(?=\s|$)|\n|[;•])`,
    String.raw`(?<comma>,)`,
  ].join('|'),
  'giu',
);

/** "4,000" and "4.000" → 4000; "12,50" → 12.50; "9.99" stays. */
function canonicalNumber(s: string): string {
  const groups = s.split(/[.,]/);
  if (groups.length === 1) return s.replace(/^0+(?=\d)/, '');
  if (groups.slice(1).every((g) => g.length === 3)) return groups.join('').replace(/^0+(?=\d)/, '');
  const last = groups.pop()!;
  return `${groups.join('').replace(/^0+(?=\d)/, '')}.${last}`;
}

const isNumeric = (s: string) => /^\p{N}+(?:[.,]\p{N}+)*$/u.test(s);

/**
 * Tokens of a text (NFKC, one kind of quote and dash). `clauses` splits long sentences at commas
 * and conjunctions too; a clause index groups the tokens of one sentence or clause.
 */
export function tokenize(input: string): Token[] {
  const text = input
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u0060\u00b4]/g, "'")
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-');
  const out: Token[] = [];
  let start = true;
  let clause = 0;
  for (const m of text.matchAll(TOKEN)) {
    const g = m.groups!;
    if (g.stop !== undefined) {
      start = true;
      clause++;
      continue;
    }
    if (g.comma !== undefined) {
      out.push({ kind: 'word', t: ',', raw: ',', start: false, clause });
      continue;
    }
    if (g.url) {
      const raw = g.url.replace(/[.,;:!?]+$/, '');
      out.push({ kind: 'url', t: raw.toLowerCase().replace(/\/$/, ''), raw, start, clause });
    } else if (g.email)
      out.push({ kind: 'email', t: g.email.toLowerCase().replace(/^mailto:/, ''), raw: g.email, start, clause });
    else if (g.domain)
      out.push({ kind: 'domain', t: g.domain.toLowerCase().replace(/^www\./, ''), raw: g.domain, start, clause });
    else if (g.sym) {
      out.push({ kind: 'word', t: g.sym, raw: g.sym, start: false, clause });
      continue;
    } else {
      const raw = g.word;
      const lower = raw.toLowerCase().replace(/['’]s$/, '');
      if (isNumeric(raw)) out.push({ kind: 'num', t: canonicalNumber(raw), raw, start, clause });
      else if (NUMBER_WORDS[lower]) out.push({ kind: 'num', t: NUMBER_WORDS[lower], raw, start, clause });
      else out.push({ kind: 'word', t: lower, raw, start, clause });
    }
    start = false;
  }
  return splitLong(attachUnits(out)).filter((t) => t.t !== ',');
}

const CONJUNCTIONS = new Set(['and', 'but', 'while', 'whereas', 'und', 'aber', 'sowie', 'während', 'sondern']);
const LONG_SENTENCE = 12;

/** Sentences of more than 12 words are checked clause by clause: split at commas and conjunctions. */
function splitLong(tokens: Token[]): Token[] {
  const out: Token[] = [];
  let next = 0;
  const ids = new Map<number, number>();
  const idOf = (c: number) => (ids.has(c) ? ids.get(c)! : (ids.set(c, next++), next - 1));
  for (let i = 0; i < tokens.length;) {
    let j = i;
    while (j < tokens.length && tokens[j].clause === tokens[i].clause) j++;
    const sentence = tokens.slice(i, j);
    if (sentence.filter((t) => t.t !== ',').length <= LONG_SENTENCE) {
      const id = idOf(tokens[i].clause);
      for (const t of sentence) out.push({ ...t, clause: id });
    } else {
      let id = next++;
      for (const t of sentence) {
        if ((t.t === ',' || CONJUNCTIONS.has(t.t)) && out.length && out[out.length - 1].clause === id) id = next++;
        out.push({ ...t, clause: id });
      }
    }
    i = j;
  }
  return out;
}

/** Currency signs and words before or after a number, and percent after it, become part of it. */
function attachUnits(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    const cur = CURRENCY[tok.t];
    if (cur && tokens[i + 1]?.kind === 'num' && tokens[i + 1].clause === tok.clause) {
      const n = tokens[++i];
      out.push({ ...n, cur, raw: `${tok.raw}${n.raw}`, start: tok.start });
      continue;
    }
    if (tok.kind === 'num') {
      const next = tokens[i + 1];
      if (next && next.clause === tok.clause && CURRENCY[next.t] && !tok.cur) {
        out.push({ ...tok, cur: CURRENCY[next.t], raw: `${tok.raw} ${next.raw}` });
        i++;
        continue;
      }
      if (next && next.clause === tok.clause && PERCENT.has(next.t)) {
        out.push({ ...tok, pct: true, raw: `${tok.raw}${next.t === '%' ? '%' : ` ${next.raw}`}` });
        i++;
        continue;
      }
    }
    out.push(tok);
  }
  return out;
}

/** German or English, by their commonest function words (English when unsure). */
export function detectLang(text: string): Lang {
  const words = text.toLowerCase().split(/[^\p{L}]+/u);
  const de = words.filter((w) =>
    /^(der|die|das|und|ist|sind|nicht|mit|für|wir|sie|ihr|ihre|ein|eine|den|dem|von|auf|zu|zum|zur|im|pro|werden|wird|über|auch)$/.test(
      w,
    ),
  ).length;
  const en = words.filter((w) =>
    /^(the|and|is|are|not|with|for|we|you|your|a|an|of|on|to|in|by|our|it|be|was)$/.test(w),
  ).length;
  return de > en ? 'de' : 'en';
}

const ALL_CAPS = /^\p{Lu}[\p{Lu}\p{N}]+$/u;
const MIXED = /^\p{L}[\p{L}\p{N}]*\p{Lu}/u;
const CAPITALISED = /^\p{Lu}\p{Ll}/u;

/**
 * Tokens that must appear as whole tokens in the quotes: numbers, URLs, domains, e-mail addresses,
 * yes/no, and names (all-caps and mixed-case tokens; in English also words capitalised mid-sentence).
 */
export function isSalient(tok: Token, lang: Lang): boolean {
  if (tok.kind !== 'word') return true;
  if (ANSWERS.has(tok.t)) return true;
  if (ALL_CAPS.test(tok.raw) || (MIXED.test(tok.raw) && /\p{Ll}/u.test(tok.raw))) return true;
  return lang === 'en' && !tok.start && CAPITALISED.test(tok.raw) && tok.raw !== 'I';
}

/** A crude stem shared by English and German: plural and common endings off. */
export function stem(w: string): string {
  let s = w.replace(/ies$/, 'y');
  for (let i = 0; i < 2; i++) {
    const next = s.replace(/(ing|ed|en|er|es|em|s|e|n)$/, '');
    if (next.length < 3) break;
    s = next;
  }
  return s;
}

/** Content words: what a value claims beyond function words, numbers and names. */
export const isContent = (tok: Token) =>
  tok.kind === 'word' &&
  /\p{L}/u.test(tok.t) &&
  !STOP.has(tok.t) &&
  !SOFT.has(tok.t) &&
  !NEGATIONS.has(tok.t) &&
  !ANSWERS.has(tok.t) &&
  tok.t.length >= 2;
export const isNegation = (tok: Token) => tok.kind === 'word' && (NEGATIONS.has(tok.t) || tok.t.endsWith("n't"));
