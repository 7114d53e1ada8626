// The launch badge: the image the site serves (light and dark, with the vote count) and the code
// owners paste on their site, linking to the public listing page. Pure: no database, no clock.
export const BADGE_THEMES = ['light', 'dark'] as const;
export type BadgeTheme = (typeof BADGE_THEMES)[number];
export const BADGE_WIDTH = 250;
export const BADGE_HEIGHT = 54;

export type BadgeListing = { slug: string; name: string };

export function listingPageUrl(baseUrl: string, slug: string): string {
  return `${baseUrl}/p/${slug}`;
}

export function badgeImageUrl(baseUrl: string, slug: string, theme: BadgeTheme = 'light'): string {
  return `${baseUrl}/badges/${slug}.svg${theme === 'dark' ? '?theme=dark' : ''}`;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const escapeMarkdown = (s: string) => s.replace(/([\\[\]()])/g, '\\$1');

export type BadgeCode = {
  theme: BadgeTheme;
  image_url: string;
  html: string;
  markdown: string;
  width: number;
  height: number;
};

/** The HTML and Markdown snippets of one theme. */
export function badgeCode(baseUrl: string, siteName: string, listing: BadgeListing, theme: BadgeTheme): BadgeCode {
  const page = listingPageUrl(baseUrl, listing.slug);
  const image = badgeImageUrl(baseUrl, listing.slug, theme);
  const alt = `${listing.name} on ${siteName}`;
  return {
    theme,
    image_url: image,
    html: `<a href="${escapeHtml(page)}" target="_blank" rel="noopener"><img src="${escapeHtml(image)}" alt="${escapeHtml(alt)}" width="${BADGE_WIDTH}" height="${BADGE_HEIGHT}" /></a>`,
    markdown: `[![${escapeMarkdown(alt)}](${image})](${page})`,
    width: BADGE_WIDTH,
    height: BADGE_HEIGHT,
  };
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const PALETTE = {
  light: { bg: '#ffffff', border: '#d6d3d1', text: '#1c1917', muted: '#57534e', brand: '#c2410c', mark: '#ffffff' },
  dark: { bg: '#1c1917', border: '#44403c', text: '#fafaf9', muted: '#d6d3d1', brand: '#fb923c', mark: '#1c1917' },
} as const;

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * The badge image: "Featured on <site>" and the vote count once the listing is live ("Launching
 * soon on" before). Colours are presentation attributes, so the SVG needs no style sheet.
 */
export function badgeSvg(opts: { siteName: string; live: boolean; votes: number; theme: BadgeTheme }): string {
  const c = PALETTE[opts.theme];
  const site = opts.siteName.length > 22 ? `${opts.siteName.slice(0, 21)}…` : opts.siteName;
  const kicker = opts.live ? 'FEATURED ON' : 'LAUNCHING SOON ON';
  const votes = opts.live ? compact.format(Math.max(0, opts.votes)) : '';
  const title = opts.live
    ? `Featured on ${opts.siteName}: ${opts.votes} ${opts.votes === 1 ? 'vote' : 'votes'}`
    : `Launching soon on ${opts.siteName}`;
  const font = 'font-family="-apple-system, \'Segoe UI\', Helvetica, Arial, sans-serif"';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${BADGE_WIDTH}" height="${BADGE_HEIGHT}" viewBox="0 0 ${BADGE_WIDTH} ${BADGE_HEIGHT}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect x="0.5" y="0.5" width="${BADGE_WIDTH - 1}" height="${BADGE_HEIGHT - 1}" rx="10" fill="${c.bg}" stroke="${c.border}"/>`,
    `<rect x="11" y="11" width="32" height="32" rx="8" fill="${c.brand}"/>`,
    `<text x="27" y="33" text-anchor="middle" ${font} font-size="18" font-weight="700" fill="${c.mark}">P</text>`,
    `<text x="54" y="23" ${font} font-size="9" font-weight="600" letter-spacing="0.6" fill="${c.muted}">${kicker}</text>`,
    `<text x="54" y="40" ${font} font-size="15" font-weight="700" fill="${c.text}">${escapeXml(site)}</text>`,
    opts.live
      ? `<path d="M222 16 l8 10 h-16 z" fill="${c.brand}"/><text x="222" y="42" text-anchor="middle" ${font} font-size="12" font-weight="700" fill="${c.text}">${escapeXml(votes)}</text>`
      : '',
    '</svg>',
  ].join('');
}
