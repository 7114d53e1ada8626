// The words of a search text (websearch syntax: words, "quoted phrases", -exclusions, or), for prefix
// completion and spelling correction. Pure functions: no database.

export const MAX_QUERY = 200;

/**
 * The search text, or '' when it holds no letter or digit: `""`, `-` or `???` has no word to look for
 * (the index keeps only words), so it lists as no text does instead of finding nothing.
 */
export function cleanQuery(q: string | undefined): string {
  const text = q?.trim().slice(0, MAX_QUERY) ?? '';
  return /[\p{L}\p{N}]/u.test(text) ? text : '';
}

/** The text with each hyphen between two letters or digits made a space ("data-collection" → "data collection"). */
export function wordsApart(q: string): string {
  return q.replace(/(?<=[\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, ' ');
}

/**
 * Splits off the last word to complete as a prefix while the visitor types: a bare word of 3+ letters at
 * the very end, outside quotes, not an exclusion (`-word`) and not after `or`. `head` is the rest.
 */
export function splitPrefix(q: string): { head: string; prefix?: string } {
  const m = /(^|\s)(\p{L}{3,})$/u.exec(q);
  if (!m) return { head: q };
  const head = q.slice(0, m.index + m[1].length);
  const quotes = (head.match(/"/g) ?? []).length;
  if (quotes % 2 === 1 || /(^|\s)or\s*$/i.test(head)) return { head: q };
  return { head, prefix: m[2].toLowerCase() };
}

export type QueryWord = { word: string; start: number; end: number; excluded: boolean };

/** Whether the `-` before position `at` makes what stands there an exclusion (it begins q or follows a space). */
const negatedAt = (q: string, at: number) => q[at - 1] === '-' && (at === 1 || /\s/.test(q[at - 2]));

/** The quoted phrases of q (one left open runs to the end), quotes paired left to right, and whether each is left out (`-"…"`). */
function phrasesOf(q: string): { open: number; close: number; excluded: boolean }[] {
  const phrases: { open: number; close: number; excluded: boolean }[] = [];
  let open = -1;
  for (let i = 0; i <= q.length; i++) {
    if (i < q.length && q[i] !== '"') continue;
    if (open < 0 && i < q.length) open = i;
    else if (open >= 0) {
      phrases.push({ open, close: i, excluded: negatedAt(q, open) });
      open = -1;
    }
  }
  return phrases;
}

/** Every run of letters and digits, with where it stands and whether it is an exclusion (`-word`, or in `-"a phrase"`). */
export function queryWords(q: string): QueryWord[] {
  const phrases = phrasesOf(q);
  const out: QueryWord[] = [];
  for (const m of q.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = m.index;
    // In a phrase, "-" is a hyphen: the phrase as a whole is left out or not.
    const phrase = phrases.find((p) => start > p.open && start < p.close);
    const excluded = phrase ? phrase.excluded : negatedAt(q, start);
    out.push({ word: m[0], start, end: start + m[0].length, excluded });
  }
  return out;
}

/** The words of a name, lower case ("Sales & Support": sales, support): a search for one is for that name. */
export function nameWords(name: string): string[] {
  return name.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** Words that spelling correction may change: letters only, 4+ of them, not excluded; lowercased, once each. */
export function correctableWords(q: string): string[] {
  const words = queryWords(q)
    .filter((w) => !w.excluded && /^\p{L}{4,}$/u.test(w.word))
    .map((w) => w.word.toLowerCase());
  return [...new Set(words)];
}

/** The text with each corrected word replaced, in the case the visitor typed it (lower, Capital or UPPER). */
export function applyCorrections(q: string, corrections: Map<string, string>): string {
  let out = '';
  let at = 0;
  for (const w of queryWords(q)) {
    const fix = w.excluded ? undefined : corrections.get(w.word.toLowerCase());
    if (!fix) continue;
    out += q.slice(at, w.start) + matchCase(w.word, fix);
    at = w.end;
  }
  return out + q.slice(at);
}

function matchCase(typed: string, word: string): string {
  if (typed.length > 1 && typed === typed.toUpperCase()) return word.toUpperCase();
  if (typed[0] === typed[0].toUpperCase()) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

/** Edit distance with adjacent transpositions (optimal string alignment): "invioce" → "invoice" is 1. */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [i, ...Array<number>(t.length).fill(0)]);
  for (let j = 1; j <= t.length; j++) rows[0][j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return rows[s.length][t.length];
}

/** Typos forgiven in a word of this many letters: none below 4, one up to 7, two from 8. */
export function allowedEdits(word: string): number {
  const n = [...word].length;
  return n >= 8 ? 2 : n >= 4 ? 1 : 0;
}

const ALPHABET = [...'abcdefghijklmnopqrstuvwxyz'];

/**
 * Every spelling one edit from `word` (a deletion, an adjacent transposition, a substitution or an
 * insertion of a–z or of a letter the word has), without the word itself: about 55 per letter. Empty
 * for words longer than `maxLetters`, to keep the list bounded.
 */
export function oneEditVariants(word: string, maxLetters = 24): string[] {
  const s = [...word];
  if (s.length > maxLetters) return [];
  const letters = [...new Set([...ALPHABET, ...s])];
  const out = new Set<string>();
  const at = (i: number, j: number, middle: string) => s.slice(0, i).join('') + middle + s.slice(j).join('');
  for (let i = 0; i <= s.length; i++) {
    if (i < s.length) out.add(at(i, i + 1, ''));
    if (i + 1 < s.length) out.add(at(i, i + 2, s[i + 1] + s[i]));
    for (const c of letters) {
      if (i < s.length) out.add(at(i, i + 1, c));
      out.add(at(i, i, c));
    }
  }
  out.delete(word);
  return [...out];
}
