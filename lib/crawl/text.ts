// Visible text of an HTML page: what a visitor can read (hidden elements, scripts and styles are
// not part of it). It is the evidence corpus that every quoted value is checked against.
import type { CheerioAPI } from 'cheerio';

const BLOCK =
  'p,div,section,article,header,footer,main,aside,nav,li,ul,ol,dl,dt,dd,h1,h2,h3,h4,h5,h6,table,tr,td,th,blockquote,pre,figure,figcaption,details,summary,form,address,hr';

export function removeInvisible($: CheerioAPI) {
  $(
    'script,style,noscript,template,svg,iframe,object,embed,canvas,[hidden],[aria-hidden="true"],input,select,textarea,button[type="hidden"]',
  ).remove();
  $('[style]').each((_, el) => {
    const style = ($(el).attr('style') ?? '').replace(/\s+/g, '').toLowerCase();
    if (/display:none|visibility:hidden|font-size:0|opacity:0(?![.\d])/.test(style)) $(el).remove();
  });
}

/** Block-aware text: one line per block element, whitespace collapsed. Call after removeInvisible. */
export function visibleText($: CheerioAPI): string {
  const root = $('body');
  root.find('br').replaceWith('\n');
  root.find(BLOCK).each((_, el) => {
    $(el).prepend('\n').append('\n');
  });
  return root
    .text()
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

export const clean = (s: string | undefined | null) => (s ?? '').replace(/\s+/g, ' ').trim();
