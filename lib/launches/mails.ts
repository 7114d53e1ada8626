// The mails of a launch: live, moved to a later week, reminders before the week, and the maker's
// followers told of a new product. User-given text goes through mailLine (lib/mail/sanitize.ts).
import { formatWeekName, formatWeekRange } from '@/lib/directory/format';
import { mailLine } from '@/lib/mail/sanitize';

type Mail = { subject: string; text: string };
const week = (w: string) => `${formatWeekName(w)} (${formatWeekRange(w)})`;
const list = (lines: string[]) => lines.map((l) => `- ${l}`).join('\n');

export function liveMail(name: string, pageUrl: string): Mail {
  const product = mailLine(name, 100);
  return {
    subject: `${product} is live`,
    text: `${product} launched today and is public now:\n${pageUrl}\n\nShare the page with your users: votes this week decide the weekly leaderboard.`,
  };
}

export function queuedMail(name: string, w: string, missing: string[], editUrl: string): Mail {
  const product = mailLine(name, 100);
  const todo = missing.length
    ? `Before the week starts it still needs\n${list(missing)}\n\nIf these are not done by then, the launch moves to a later week.`
    : 'Nothing is left to do: it goes live when the week starts.';
  return {
    subject: `${product} is queued for ${formatWeekName(w)}`,
    text: `${product} has a free launch in ${week(w)}.\n\n${todo}\n${editUrl}`,
  };
}

export function movedMail(name: string, from: string, to: string, missing: string[], editUrl: string): Mail {
  const product = mailLine(name, 100);
  return {
    subject: `${product} moved to ${formatWeekName(to)}`,
    text: `${product} could not launch in ${week(from)}: it still needs\n${list(missing)}\n\nIts launch moved to ${week(to)}. Finish these before then and it launches that week:\n${editUrl}`,
  };
}

export function reminderMail(name: string, w: string, days: number, missing: string[], editUrl: string): Mail {
  const product = mailLine(name, 100);
  const when = days <= 1 ? 'tomorrow' : `in ${days} days`;
  return {
    subject: `${product} launches ${when}: ${missing.length === 1 ? 'one thing' : `${missing.length} things`} left`,
    text: `${product} is queued for ${week(w)}, which starts ${when}. Before then it still needs\n${list(missing)}\n\nIf these are not done when the week starts, the launch moves to a later week.\n${editUrl}`,
  };
}

export function followerMail(
  name: string,
  headline: string,
  maker: string,
  pageUrl: string,
  unsubscribeUrl: string,
): Mail {
  const product = mailLine(name, 100);
  const from = mailLine(maker, 100);
  return {
    subject: `New from the makers of ${from}: ${product}`,
    text: `${product}${headline ? ` — ${mailLine(headline, 200)}` : ''}\n\nThe makers of ${from}, which you follow, launched it today:\n${pageUrl}\n\nYou get this because you follow ${from}. Stop emails about ${from}: ${unsubscribeUrl}`,
  };
}
