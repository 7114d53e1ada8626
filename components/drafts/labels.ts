// Words the draft pages show for field names, states, platforms, story sections and failures.
import type { FailureReason, FieldState, Platform, StorySection } from '@/lib/drafts/types';

export { FIELD_LABELS } from '@/lib/drafts/field-labels';

export const STATE_INFO: Record<FieldState, { label: string; tip: string; className: string }> = {
  ai: {
    label: 'From your site',
    tip: 'Drafted from your website; the quotes below show where it says so.',
    className: 'bg-sky-50 text-sky-800 ring-sky-200',
  },
  not_found: {
    label: 'Not found',
    tip: 'Your site does not say this, so we left it blank rather than guess. Add it yourself.',
    className: 'bg-stone-100 text-stone-600 ring-stone-200',
  },
  edited: {
    label: 'Edited',
    tip: 'Your wording replaces what we drafted. Restore brings the drafted value back.',
    className: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  },
  manual: {
    label: 'Added by you',
    tip: 'You added this; your site did not say it.',
    className: 'bg-violet-50 text-violet-800 ring-violet-200',
  },
  override: {
    label: 'Yours (site differs)',
    tip: 'You kept your value, but your site now says something else. See the suggestion below.',
    className: 'bg-amber-50 text-amber-900 ring-amber-200',
  },
  deleted: {
    label: 'Removed',
    tip: 'You removed this value. Restore brings the drafted value back.',
    className: 'bg-red-50 text-red-800 ring-red-200',
  },
};

export const PLATFORM_LABELS: Record<Platform, string> = {
  website: 'Website',
  linkedin: 'LinkedIn',
  x: 'X (Twitter)',
  github: 'GitHub',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  threads: 'Threads',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  producthunt: 'Product Hunt',
  medium: 'Medium',
  custom: 'Other link',
};

export const STORY_LABELS: Record<StorySection, { label: string; hint: string }> = {
  title: { label: 'Story title', hint: 'One line, e.g. "How two engineers stopped writing meeting notes".' },
  how_started: { label: 'How it started', hint: 'The moment you decided to build it.' },
  problem: { label: 'The problem', hint: 'Who has it and why existing tools fall short.' },
  what_built: { label: 'What you built', hint: 'How the product solves it.' },
  hard_parts: { label: 'The hard parts', hint: 'What was difficult, and what you learned.' },
  milestones: { label: 'Milestones so far', hint: 'Launches, customers, funding, in your words.' },
  whats_next: { label: "What's next", hint: 'Where the product is heading.' },
};

export const FAILURE_COPY: Record<FailureReason, { title: string; help: string }> = {
  robots_disallowed: {
    title: "Your site's robots.txt asks us not to read it",
    help: 'We respect robots.txt. Allow our crawler (or at least your home page) and try again.',
  },
  unreachable: {
    title: "We couldn't reach the site",
    help: 'Check the address works in a browser and that the site is online, then try again.',
  },
  not_html: {
    title: "That address isn't a web page",
    help: 'Enter the address of your home page (it must return an HTML page).',
  },
  blocked_address: {
    title: "That address isn't a public website",
    help: 'We only read sites on the public internet. Use the address your visitors use.',
  },
  too_large: {
    title: 'The page is too large to read',
    help: 'Pages over 5 MB are skipped. Try the address of a lighter page, e.g. your home page.',
  },
  timeout: {
    title: 'The site took too long to answer',
    help: 'It may be slow or down right now. Try again in a minute.',
  },
  internal: { title: 'Something went wrong on our side', help: 'This is not your fault. Please try again.' },
};

export function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return u.host + (u.pathname === '/' ? '' : u.pathname);
  } catch {
    return url;
  }
}

export function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search || '/';
  } catch {
    return url;
  }
}

/** How a source page is named next to a quote: its path, or "home page". */
export function pageLabel(url: string): string {
  const path = pathOf(url);
  return path === '/' ? 'home page' : path;
}
