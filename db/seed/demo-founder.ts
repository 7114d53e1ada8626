// The demo founder's public profile (with a photo) and published story on the first demo listing, so
// a fresh install (and the E2E accessibility checks) has a founder page and a story page to show. Both
// meet the rules a founder's own must meet (lib/founder-story/rules.ts: 3 sections, 250 words, a
// complete profile with a photo), so the demo never shows what the site would refuse.
import sharp from 'sharp';
import type { StorySections } from '@/db/schema';

export const demoFounderProfile = {
  slug: 'demo-founder',
  name: 'Demo Founder',
  role: 'Founder',
  bio: 'Builds small tools for freelancers. This is a demo profile created by the seed.',
};

export const demoStory: StorySections = {
  title: 'Why we built Ledgerly',
  how_started:
    'Ledgerly started as a spreadsheet for sending invoices on time. I was a freelance designer with a handful ' +
    'of regular clients, and every month ended the same way: an evening spent copying hours into a template, ' +
    'exporting a PDF, writing the same polite email and then forgetting to check whether anyone had paid. The ' +
    'spreadsheet grew formulas, then a second tab for expenses, then a third for reminders. When two friends ' +
    'asked for a copy, it was time to turn it into something other people could use.',
  problem:
    'Freelancers lose hours every month chasing payments and sorting receipts. Most invoicing tools are built ' +
    'for companies with a finance team: they ask for chart-of-accounts codes on day one and bury the one ' +
    'button a freelancer needs. The people we talked to did not want accounting software. They wanted to know ' +
    'who owes them money, to send a reminder without feeling rude, and to have their receipts in one place ' +
    'when the tax return is due.',
  what_built:
    'One place that sends invoices, reminds clients and files expenses. An invoice takes a minute to write ' +
    'from the last one you sent to the same client. Ledgerly sends a friendly reminder a few days after the due ' +
    'date, and another a week later, in your words, from your address. Receipts can be forwarded by email or ' +
    'photographed on a phone, and each one is filed under the month and the client it belongs to.',
  whats_next:
    'Bank feeds and a tax summary for the end of the year. Matching payments to invoices by hand is the last ' +
    'chore left, so the next release reads the transactions from your bank and marks invoices as paid when ' +
    'the money arrives. After that comes a yearly summary that an accountant can read in five minutes instead ' +
    'of an afternoon.',
};

/**
 * The demo founder's photo: a plain avatar drawn from shapes (no text, so no fonts needed), as a PNG
 * for the same checks and re-encoding as an upload (lib/founders/photo.ts preparePhoto).
 */
export function demoFounderPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <rect width="256" height="256" fill="#fde3cf"/>
    <circle cx="128" cy="104" r="52" fill="#c2410c"/>
    <path d="M40 256c0-56 40-92 88-92s88 36 88 92z" fill="#9a3412"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
