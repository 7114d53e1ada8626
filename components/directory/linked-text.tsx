// Owner text with its web addresses made links (an update's "read it at https://…" was plain text).
// Only http(s) addresses become links, as written (React escapes the text and the attribute); they are
// marked ugc and nofollow, as links others wrote. Punctuation that ends a sentence stays out of the link.
import { Fragment } from 'react';

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]'"]+$/;

export function LinkedText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a
        key={start}
        href={url}
        rel="ugc nofollow noopener"
        className="break-all text-brand-700 underline underline-offset-2"
      >
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
