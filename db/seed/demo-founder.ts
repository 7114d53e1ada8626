// The demo founder's public profile and published story on the first demo listing, so a fresh
// install (and the E2E accessibility checks) has a founder page and a story page to show.
import type { StorySections } from '@/db/schema';

export const demoFounderProfile = {
  slug: 'demo-founder',
  name: 'Demo Founder',
  role: 'Founder',
  bio: 'Builds small tools for freelancers. This is a demo profile created by the seed.',
};

export const demoStory: StorySections = {
  title: 'Why we built Ledgerly',
  how_started: 'Ledgerly started as a spreadsheet for sending invoices on time.',
  problem: 'Freelancers lose hours every month chasing payments and sorting receipts.',
  what_built: 'One place that sends invoices, reminds clients and files expenses.',
  whats_next: 'Bank feeds and a tax summary for the end of the year.',
};
