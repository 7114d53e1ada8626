/** Links by platform key, as listings and founders store them. */
type Socials = Partial<Record<string, string>>;

const names: Record<string, string> = {
  website: 'Website',
  x: 'X',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  threads: 'Threads',
  pinterest: 'Pinterest',
  github: 'GitHub',
  reddit: 'Reddit',
  producthunt: 'Product Hunt',
  medium: 'Medium',
  custom: 'Link',
};

/** Only http(s) links are rendered: owner-entered values never become javascript: links. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

export function SocialLinks({ socials, className = '' }: { socials: Socials; className?: string }) {
  const links = Object.entries(socials)
    .map(([platform, url]) => ({ platform, href: safeHref(url) }))
    .filter((l): l is { platform: string; href: string } => l.href !== null);
  if (!links.length) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {links.map((l) => (
        <li key={l.platform}>
          <a
            href={l.href}
            rel="noopener nofollow ugc"
            target="_blank"
            className="inline-flex rounded-full border border-stone-200 bg-white px-3 py-1 text-xs font-medium text-stone-700 hover:border-stone-300 hover:bg-stone-50"
          >
            {names[l.platform] ?? l.platform}
          </a>
        </li>
      ))}
    </ul>
  );
}
