// Words and badge tones for a listing's status and plan, on the owner's pages.
import type { BadgeTone } from '@/components/ui/badge';

export const LISTING_STATUS_INFO: Record<string, { label: string; tone: BadgeTone; sentence: string }> = {
  draft: { label: 'Not launched', tone: 'neutral', sentence: 'Saved, not public yet: choose how to launch it.' },
  awaiting_badge: {
    label: 'Waiting for the badge',
    tone: 'warning',
    sentence: 'Queued for a free launch once our badge is on your site.',
  },
  scheduled: { label: 'Scheduled', tone: 'info', sentence: 'It goes live in its launch week.' },
  live: { label: 'Live', tone: 'success', sentence: 'It is public: edits show on its page at once.' },
  rejected: { label: 'Rejected', tone: 'danger', sentence: 'The site team rejected it; it is not public.' },
  archived: { label: 'Archived', tone: 'neutral', sentence: 'Archived: it is no longer public.' },
};

export const PLAN_LABELS: Record<string, string> = { none: 'No plan yet', free: 'Free launch', paid: 'Paid launch' };

export const statusInfo = (status: string) =>
  LISTING_STATUS_INFO[status] ?? { label: status, tone: 'neutral' as BadgeTone, sentence: '' };
