// User-given text in a mail (a product name, a person's name) is one line of plain words: control
// characters — CR and LF above all, which would start a new header or a paragraph of the
// attacker's choosing — and bidirectional overrides become a space; runs of spaces collapse.

// C0 controls (incl. TAB, CR, LF), DEL, C1 controls, line/paragraph separators, bidi embeddings,
// overrides and isolates.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

/** `value` as one safe line, at most `max` characters (an ellipsis marks a cut). */
export function mailLine(value: string, max = 200): string {
  const line = value
    .replace(UNSAFE, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** True when `value` holds a character mailLine would remove (addresses must not). */
export const hasUnsafeChars = (value: string) => new RegExp(UNSAFE.source).test(value);
