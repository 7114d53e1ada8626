// Dates in quotes (English and German forms) for the milestone check: a milestone's full date,
// or the month and year it claims (a YYYY-MM-01 date), must be written in its quotes.
import { normalize, OK, refuse, type Check } from './evidence';

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  januar: 1,
  jänner: 1,
  feb: 2,
  february: 2,
  februar: 2,
  mar: 3,
  march: 3,
  märz: 3,
  maerz: 3,
  mär: 3,
  apr: 4,
  april: 4,
  may: 5,
  mai: 5,
  jun: 6,
  june: 6,
  juni: 6,
  jul: 7,
  july: 7,
  juli: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  okt: 10,
  oktober: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
  dez: 12,
  dezember: 12,
};
const M = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const B = String.raw`(?<![\p{L}\p{N}])`;
const E = String.raw`(?![\p{L}\p{N}])`;

type Found = { y: number; m: number; d: number | null };

export function datesIn(text: string): Found[] {
  const s = normalize(text);
  const out: Found[] = [];
  const each = (re: RegExp, f: (g: RegExpMatchArray) => Found) => {
    for (const g of s.matchAll(re)) out.push(f(g));
  };
  each(new RegExp(`${B}(\\d{4})-(\\d{2})-(\\d{2})${E}`, 'gu'), (g) => ({ y: +g[1], m: +g[2], d: +g[3] }));
  each(new RegExp(`${B}(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})${E}`, 'gu'), (g) => ({ y: +g[3], m: +g[2], d: +g[1] }));
  each(new RegExp(`${B}(\\d{1,2})\\.?\\s+(${M})\\.?,?\\s+(\\d{4})${E}`, 'gu'), (g) => ({
    y: +g[3],
    m: MONTHS[g[2]],
    d: +g[1],
  }));
  each(new RegExp(`${B}(${M})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})${E}`, 'gu'), (g) => ({
    y: +g[3],
    m: MONTHS[g[1]],
    d: +g[2],
  }));
  each(new RegExp(`${B}(${M})\\.?,?\\s+(\\d{4})${E}`, 'gu'), (g) => ({ y: +g[2], m: MONTHS[g[1]], d: null }));
  return out;
}

/** A YYYY-MM-DD date is in the quotes; a YYYY-MM-01 date may stand on its month and year. */
export function checkDate(date: string, quotes: string[]): Check {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return refuse(`'${date}' is not a date (YYYY-MM-DD).`);
  const [y, mo, d] = [+m[1], +m[2], +m[3]];
  const found = quotes.flatMap(datesIn);
  if (found.some((f) => f.y === y && f.m === mo && (f.d === d || (d === 1 && f.d === null)))) return OK;
  const said = quotes.flatMap(
    (q) =>
      q
        .normalize('NFKC')
        .replace(/\s+/g, ' ')
        .match(
          new RegExp(
            `${B}(?:\\d{1,2}\\.?\\s+)?(?:${M})\\.?\\s+(?:\\d{1,2},?\\s+)?\\d{4}${E}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}\\.\\d{1,2}\\.\\d{4}`,
            'giu',
          ),
        ) ?? [],
  );
  const when = (f: Found) => Date.UTC(f.y, f.m - 1, f.d ?? 1);
  const claimed = Date.UTC(y, mo - 1, d);
  const closest = said
    .map((raw) => ({ raw, at: datesIn(raw)[0] }))
    .filter((x) => x.at)
    .sort((a, b) => Math.abs(when(a.at) - claimed) - Math.abs(when(b.at) - claimed))[0];
  return refuse(
    `The date ${date} is not in its quotes from the site` + (closest ? `; they say '${closest.raw}'.` : '.'),
  );
}
