// A word-level diff of two texts, for the site team's before/after view of an edit: the common start
// and end are cut off first, then the longest common subsequence of the words (and the spaces between
// them) decides what was removed and what was added. Pure: the page renders the parts.

export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string };

/** Above this many cells (words before × words after, once the common ends are cut) the middle is shown as replaced. */
const MAX_CELLS = 2_000_000;

/** Words and the whitespace between them, as separate tokens (joining them gives the text back). */
function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string) {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** The parts that turn `before` into `after`: same, removed and added runs, in reading order. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  for (const p of middle(midA, midB)) push(parts, p.kind, p.text);
  push(parts, 'same', a.slice(endA).join(''));
  return parts;
}

function middle(a: string[], b: string[]): DiffPart[] {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0 || (n + 1) * (m + 1) > MAX_CELLS)
    return [
      { kind: 'removed', text: a.join('') },
      { kind: 'added', text: b.join('') },
    ];
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..], row-major in one array.
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * width + j] =
        a[i] === b[j] ? lcs[(i + 1) * width + j + 1] + 1 : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
  const out: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push(out, 'same', a[i]);
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) push(out, 'removed', a[i++]);
    else push(out, 'added', b[j++]);
  }
  while (i < n) push(out, 'removed', a[i++]);
  while (j < m) push(out, 'added', b[j++]);
  return tidy(out);
}

/**
 * One block per change: removed and added runs that follow each other (with only whitespace between
 * them) become one removed run then one added run, so "a [-b c-][+x y+] d" reads as a replacement
 * rather than alternating word by word. Each side keeps its own order, so both texts stay whole.
 */
function tidy(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let k = 0;
  while (k < parts.length) {
    if (parts[k].kind === 'same') {
      push(out, 'same', parts[k++].text);
      continue;
    }
    let removed = '';
    let added = '';
    while (k < parts.length) {
      const p = parts[k];
      const gap = p.kind === 'same' && /^\s+$/.test(p.text) && parts[k + 1] && parts[k + 1].kind !== 'same';
      if (p.kind === 'removed') removed += p.text;
      else if (p.kind === 'added') added += p.text;
      else if (gap) {
        removed += p.text;
        added += p.text;
      } else break;
      k++;
    }
    push(out, 'removed', removed);
    push(out, 'added', added);
  }
  return out;
}

/** The text of one side: `before` is the same and removed parts, `after` the same and added parts. */
export function sideOf(parts: DiffPart[], side: 'before' | 'after'): DiffPart[] {
  const skip = side === 'before' ? 'added' : 'removed';
  return parts.filter((p) => p.kind !== skip);
}
