// The evidence guard's case table (docs/decisions.md#evidence-guard): (value, quotes, expected) in both directions,
// English and German. "dropped" cases are invented values a model might return with real quotes;
// "kept" cases are the site's facts, copied or faithfully reformulated. Run by guard-cases.test.ts
// and by `npm run bench:guard` (precision = dropped among "dropped", recall = kept among "kept").

export type GuardField =
  | 'name'
  | 'headline'
  | 'summary'
  | 'description'
  | 'pricing'
  | 'headquarters'
  | 'team_size'
  | 'company_name'
  | 'contact_email'
  | 'founded_year'
  | 'categories'
  | 'logo_url'
  | 'competitor_url'
  | 'milestone'
  | 'keyword'
  | 'faq'
  | 'founder'
  | 'story';

export type GuardCaseClass =
  | 'number-short'
  | 'number-long'
  | 'added-claim'
  | 'negation'
  | 'truncated-name'
  | 'cut-quote'
  | 'category'
  | 'logo'
  | 'competitor'
  | 'milestone'
  | 'keyword'
  | 'reformatted'
  | 'copied';

export type GuardCase = {
  lang: 'en' | 'de';
  class: GuardCaseClass;
  field: GuardField;
  value: string | number | string[] | { date: string; title: string } | { question: string; answer: string };
  quotes: string[];
  expected: 'kept' | 'dropped';
  /** The page text when it is more than the quotes (default: the quotes, one a line). */
  page?: string;
  /** Image addresses on the page (<img>, icons, og:image). */
  images?: string[];
  /** Links on the page with their text. */
  links?: { href: string; text: string }[];
};

const en = (c: Omit<GuardCase, 'lang'>): GuardCase => ({ lang: 'en', ...c });
const de = (c: Omit<GuardCase, 'lang'>): GuardCase => ({ lang: 'de', ...c });
const otter = { href: 'https://otter.example.com/', text: 'Otter' };
const fireflies = { href: 'https://fireflies.example.com/', text: 'Fireflies' };
const logo = 'https://site.test/img/logo.png';

export const GUARD_CASES: GuardCase[] = [
  // A changed number inside a short value.
  en({
    class: 'number-short',
    field: 'team_size',
    value: '3 people',
    quotes: ['We are a team of 13 people.'],
    expected: 'dropped',
  }),
  en({
    class: 'number-short',
    field: 'team_size',
    value: '2 people',
    quotes: ['We are a team of 12 people.'],
    expected: 'dropped',
  }),
  en({ class: 'number-short', field: 'pricing', value: '$9', quotes: ['Plans start at $99.'], expected: 'dropped' }),
  en({
    class: 'number-short',
    field: 'pricing',
    value: '$120',
    quotes: ['$12 per user per month, billed yearly'],
    expected: 'dropped',
  }),
  en({
    class: 'number-short',
    field: 'pricing',
    value: '€12 per user per month',
    quotes: ['$12 per user per month, billed yearly'],
    expected: 'dropped',
  }),
  en({
    class: 'number-short',
    field: 'team_size',
    value: '13 people',
    quotes: ['We are a team of 13 people.'],
    expected: 'kept',
  }),
  en({ class: 'number-short', field: 'pricing', value: 'From $99', quotes: ['Plans start at $99.'], expected: 'kept' }),
  en({
    class: 'number-short',
    field: 'headline',
    value: 'Trusted by 40,000 teams',
    quotes: ['Trusted by 4,000 teams who want to save time on meeting notes.'],
    expected: 'dropped',
  }),
  en({
    class: 'number-short',
    field: 'headline',
    value: 'Trusted by 4000 teams',
    quotes: ['Trusted by 4,000 teams who want to save time on meeting notes.'],
    expected: 'kept',
  }),
  en({
    class: 'number-short',
    field: 'pricing',
    value: 'Nonprofits get 60% off the Pro plan',
    quotes: ['Yes, nonprofits get 50% off the Pro plan.'],
    expected: 'dropped',
  }),
  en({
    class: 'number-short',
    field: 'pricing',
    value: 'Nonprofits get 50 percent off the Pro plan',
    quotes: ['Yes, nonprofits get 50% off the Pro plan.'],
    expected: 'kept',
  }),
  // A changed number inside a longer value.
  en({
    class: 'number-long',
    field: 'summary',
    value: 'Works with 300 apps through native integrations',
    quotes: ['Works with 30 apps through native integrations'],
    expected: 'dropped',
  }),
  en({
    class: 'number-long',
    field: 'pricing',
    value: 'Starter: $190 per month',
    quotes: ['Starter: $19 per month'],
    expected: 'dropped',
  }),
  en({
    class: 'number-long',
    field: 'description',
    value: 'Acme Notes transcribes meetings in 14 languages and sends the summary within 5 minutes.',
    quotes: ['Acme Notes transcribes meetings in 14 languages and sends the summary within 15 minutes.'],
    expected: 'dropped',
  }),
  en({
    class: 'number-long',
    field: 'summary',
    value: 'Works with 30 apps through native integrations.',
    quotes: ['Works with 30 apps through native integrations'],
    expected: 'kept',
  }),
  en({
    class: 'number-long',
    field: 'pricing',
    value: 'Starter: $19 per month',
    quotes: ['Starter: $19 per month'],
    expected: 'kept',
  }),
  // An added claim.
  en({
    class: 'added-claim',
    field: 'summary',
    value: 'Acme syncs your calendar across devices and is GDPR certified.',
    quotes: ['Acme syncs your calendar across devices, in real time, for every member of your team.'],
    expected: 'dropped',
  }),
  en({
    class: 'added-claim',
    field: 'summary',
    value: 'Acme syncs your calendar across devices and works offline.',
    quotes: ['Acme syncs your calendar across devices, in real time, for every member of your team.'],
    expected: 'dropped',
  }),
  en({
    class: 'added-claim',
    field: 'description',
    value: 'Acme Notes records your meetings. It is used by NASA and the United Nations.',
    quotes: ['Acme Notes records your meetings, writes the summary and sends the action items to your team.'],
    expected: 'dropped',
  }),
  en({
    class: 'added-claim',
    field: 'faq',
    value: { question: 'Is Acme Notes HIPAA compliant?', answer: 'Yes, Acme Notes is HIPAA compliant.' },
    quotes: [
      'Is my data used to train AI models?',
      'No. Your recordings and notes are never used to train Acme Notes models.',
    ],
    expected: 'dropped',
  }),
  en({
    class: 'added-claim',
    field: 'story',
    value: 'We started Acme Notes in a garage in Palo Alto.',
    quotes: ['We started Acme Notes after a product review where nobody remembered who had agreed to do what.'],
    expected: 'dropped',
  }),
  en({
    class: 'added-claim',
    field: 'summary',
    value: 'Acme Notes is free for students.',
    quotes: ['Acme Notes is free forever for up to 10 meetings per month.'],
    expected: 'dropped',
  }),
  en({
    class: 'added-claim',
    field: 'summary',
    value: 'Acme syncs your calendar across devices in real time.',
    quotes: ['Acme syncs your calendar across devices, in real time, for every member of your team.'],
    expected: 'kept',
  }),
  en({
    class: 'added-claim',
    field: 'summary',
    value: 'Acme Notes records your meetings and sends the action items to your team.',
    quotes: ['Acme Notes records your meetings, writes the summary and sends the action items to your team.'],
    expected: 'kept',
  }),
  // A flipped meaning.
  en({
    class: 'negation',
    field: 'description',
    value: 'Acme does not store recordings on its servers.',
    quotes: ['Acme stores recordings on its servers.'],
    expected: 'dropped',
  }),
  en({
    class: 'negation',
    field: 'description',
    value: 'Acme stores recordings on its servers.',
    quotes: ['Acme does not store recordings on its servers.'],
    expected: 'dropped',
  }),
  en({
    class: 'negation',
    field: 'faq',
    value: {
      question: 'Is my data used to train AI models?',
      answer: 'Yes. Your recordings are used to train models.',
    },
    quotes: ['Is my data used to train AI models?', 'No. Your recordings and notes are never used to train models.'],
    expected: 'dropped',
  }),
  en({
    class: 'negation',
    field: 'faq',
    value: {
      question: 'Is my data used to train AI models?',
      answer: 'No. Your recordings and notes are never used to train models.',
    },
    quotes: ['Is my data used to train AI models?', 'No. Your recordings and notes are never used to train models.'],
    expected: 'kept',
  }),
  en({
    class: 'negation',
    field: 'summary',
    value: 'Your recordings are never used to train models.',
    quotes: ['No. Your recordings and notes are never used to train models.'],
    expected: 'kept',
  }),
  // A truncated name.
  en({
    class: 'truncated-name',
    field: 'founder',
    value: 'Maria Tam',
    quotes: ['Maria Tamm, CEO'],
    expected: 'dropped',
  }),
  en({
    class: 'truncated-name',
    field: 'founder',
    value: 'Tom Beck',
    quotes: ['Tom Becker, Co-founder & CTO'],
    expected: 'dropped',
  }),
  en({
    class: 'truncated-name',
    field: 'name',
    value: 'Acme Note',
    quotes: ['Acme Notes records your meetings.'],
    expected: 'dropped',
  }),
  en({
    class: 'truncated-name',
    field: 'company_name',
    value: 'Acme Lab',
    quotes: ['© 2019-2026 Acme Labs Inc. All rights reserved.'],
    expected: 'dropped',
  }),
  en({ class: 'truncated-name', field: 'founder', value: 'Maria Tamm', quotes: ['Maria Tamm, CEO'], expected: 'kept' }),
  en({
    class: 'truncated-name',
    field: 'company_name',
    value: 'Acme Labs Inc.',
    quotes: ['© 2019-2026 Acme Labs Inc. All rights reserved.'],
    expected: 'kept',
  }),
  en({
    class: 'truncated-name',
    field: 'name',
    value: 'Acme Notes',
    quotes: ['Acme Notes records your meetings.'],
    expected: 'kept',
  }),
  // A quote cut out of a word or a number.
  en({
    class: 'cut-quote',
    field: 'pricing',
    value: '9 per month',
    quotes: ['9 per month'],
    page: 'Pro: $19 per month',
    expected: 'dropped',
  }),
  en({
    class: 'cut-quote',
    field: 'name',
    value: 'cme Notes',
    quotes: ['cme Notes'],
    page: 'Acme Notes records your meetings.',
    expected: 'dropped',
  }),
  en({
    class: 'cut-quote',
    field: 'team_size',
    value: '4 people',
    quotes: ['4 people'],
    page: 'We are a team of 14 people.',
    expected: 'dropped',
  }),
  en({
    class: 'cut-quote',
    field: 'pricing',
    value: '$9',
    quotes: ['$9'],
    page: 'Pro: $9.99 per month',
    expected: 'dropped',
  }),
  en({
    class: 'cut-quote',
    field: 'pricing',
    value: '$19 per month',
    quotes: ['$19 per month'],
    page: 'Pro: $19 per month, billed yearly',
    expected: 'kept',
  }),
  // Categories.
  en({
    class: 'category',
    field: 'categories',
    value: ['Finance'],
    quotes: ['Our AI-powered assistant joins your calendar meetings'],
    expected: 'dropped',
  }),
  en({
    class: 'category',
    field: 'categories',
    value: ['Security'],
    quotes: ['Meeting notes that write themselves'],
    expected: 'dropped',
  }),
  en({
    class: 'category',
    field: 'categories',
    value: ['Health & Fitness'],
    quotes: ['Acme Notes records your meetings'],
    expected: 'dropped',
  }),
  en({
    class: 'category',
    field: 'categories',
    value: ['AI'],
    quotes: ['Our AI-powered assistant joins your calendar meetings'],
    expected: 'kept',
  }),
  en({
    class: 'category',
    field: 'categories',
    value: ['Productivity'],
    quotes: ['Turn meetings into tasks on your calendar.'],
    expected: 'kept',
  }),
  // logo_url: an image on the page.
  en({
    class: 'logo',
    field: 'logo_url',
    value: 'https://site.test/img/invented-logo.svg',
    quotes: ['https://site.test/img/invented-logo.svg'],
    images: [logo],
    expected: 'dropped',
  }),
  en({
    class: 'logo',
    field: 'logo_url',
    value: 'https://site.test/pricing',
    quotes: ['https://site.test/pricing'],
    links: [{ href: 'https://site.test/pricing', text: 'Pricing' }],
    images: [logo],
    expected: 'dropped',
  }),
  en({ class: 'logo', field: 'logo_url', value: logo, quotes: [logo], images: [logo], expected: 'kept' }),
  en({
    class: 'logo',
    field: 'logo_url',
    value: 'https://site.test/img/og.png',
    quotes: ['https://site.test/img/og.png'],
    images: [logo, 'https://site.test/img/og.png'],
    expected: 'kept',
  }),
  // competitor_url: a link the page names as an alternative.
  en({
    class: 'competitor',
    field: 'competitor_url',
    value: 'https://otter.example.com/',
    quotes: ['https://otter.example.com/'],
    expected: 'dropped',
  }),
  en({
    class: 'competitor',
    field: 'competitor_url',
    value: 'https://www.linkedin.com/company/acme',
    quotes: ['https://www.linkedin.com/company/acme'],
    links: [{ href: 'https://www.linkedin.com/company/acme', text: 'LinkedIn' }],
    expected: 'dropped',
  }),
  en({
    class: 'competitor',
    field: 'competitor_url',
    value: 'https://fireflies.example.com/',
    quotes: ['Acme Notes is the private alternative to Otter.'],
    links: [otter, fireflies],
    expected: 'dropped',
  }),
  en({
    class: 'competitor',
    field: 'competitor_url',
    value: 'https://otter.example.com/',
    quotes: ['Acme Notes is the private alternative to Otter.'],
    links: [otter, fireflies],
    expected: 'kept',
  }),
  // Milestones: the full date, or the month and year it claims.
  en({
    class: 'milestone',
    field: 'milestone',
    value: { date: '2024-03-15', title: 'Acme Notes 2.0 launched with action items' },
    quotes: ['Acme Notes 2.0 launched with action items', 'March 12, 2024'],
    expected: 'dropped',
  }),
  en({
    class: 'milestone',
    field: 'milestone',
    value: { date: '2024-05-01', title: 'Acme Notes 2.0 launched with action items' },
    quotes: ['Acme Notes 2.0 launched with action items', 'March 12, 2024'],
    expected: 'dropped',
  }),
  en({
    class: 'milestone',
    field: 'milestone',
    value: { date: '2020-01-15', title: 'Acquired by Google' },
    quotes: ['Acquired by Google in 2020'],
    expected: 'dropped',
  }),
  en({
    class: 'milestone',
    field: 'milestone',
    value: { date: '2024-03-12', title: 'Acme Notes 2.0 launched with action items' },
    quotes: ['Acme Notes 2.0 launched with action items', 'March 12, 2024'],
    expected: 'kept',
  }),
  en({
    class: 'milestone',
    field: 'milestone',
    value: { date: '2023-06-01', title: 'We raised a seed round' },
    quotes: ['We raised a seed round to grow the team', 'June 2023'],
    expected: 'kept',
  }),
  en({
    class: 'milestone',
    field: 'milestone',
    value: { date: '2022-11-20', title: 'Five tips for shorter meetings' },
    quotes: ['Five tips for shorter meetings', '2022-11-20'],
    expected: 'kept',
  }),
  // Keywords: whole words.
  en({
    class: 'keyword',
    field: 'keyword',
    value: 'blockchain',
    quotes: ['Meeting notes that write themselves'],
    expected: 'dropped',
  }),
  en({ class: 'keyword', field: 'keyword', value: 'note', quotes: ['Notebook sync for teams'], expected: 'dropped' }),
  en({
    class: 'keyword',
    field: 'keyword',
    value: 'sync',
    quotes: ['Async standups for remote teams'],
    expected: 'dropped',
  }),
  en({
    class: 'keyword',
    field: 'keyword',
    value: 'meeting notes',
    quotes: ['Meeting notes that write themselves'],
    expected: 'kept',
  }),
  en({
    class: 'keyword',
    field: 'keyword',
    value: 'remote teams',
    quotes: ['Async standups for remote teams'],
    expected: 'kept',
  }),
  // Reformatted facts and copied values.
  en({
    class: 'reformatted',
    field: 'summary',
    value: 'Transcription in forty languages.',
    quotes: ['Transcription in 40 languages.'],
    expected: 'kept',
  }),
  en({
    class: 'reformatted',
    field: 'summary',
    value: 'Transcription in 40 languages.',
    quotes: ['Transcription in forty languages.'],
    expected: 'kept',
  }),
  en({
    class: 'reformatted',
    field: 'summary',
    value: 'Transcription in 14 languages.',
    quotes: ['Transcription in forty languages.'],
    expected: 'dropped',
  }),
  en({
    class: 'reformatted',
    field: 'pricing',
    value: '$12/user/month',
    quotes: ['$12 per user per month, billed yearly'],
    expected: 'kept',
  }),
  en({
    class: 'reformatted',
    field: 'pricing',
    value: '$12 per user per month',
    quotes: ['Pro: $12/user/month'],
    expected: 'kept',
  }),
  en({
    class: 'reformatted',
    field: 'founded_year',
    value: 2021,
    quotes: ['Founded in 2021 in Berlin.'],
    expected: 'kept',
  }),
  en({
    class: 'reformatted',
    field: 'founded_year',
    value: 2015,
    quotes: ['Acme Labs was founded in 2019 by two engineers.'],
    expected: 'dropped',
  }),
  en({
    class: 'reformatted',
    field: 'founded_year',
    value: 2026,
    quotes: ['© 2019-2026 Acme Labs Inc. All rights reserved.'],
    expected: 'dropped',
  }),
  en({
    class: 'copied',
    field: 'team_size',
    value: '14',
    quotes: ['Today we are a team of 14 people based in Lisbon, Portugal.'],
    expected: 'kept',
  }),
  en({
    class: 'copied',
    field: 'headquarters',
    value: 'Lisbon, Portugal',
    quotes: ['Today we are a team of 14 people based in Lisbon, Portugal.'],
    expected: 'kept',
  }),
  en({
    class: 'copied',
    field: 'headquarters',
    value: 'San Francisco, California',
    quotes: ['Today we are a team of 14 people based in Lisbon, Portugal.'],
    expected: 'dropped',
  }),
  en({
    class: 'copied',
    field: 'contact_email',
    value: 'hello@acme.test',
    quotes: ['Write to us at hello@acme.test or support@acme.test.'],
    expected: 'kept',
  }),
  en({
    class: 'copied',
    field: 'contact_email',
    value: 'ceo@acme.test',
    quotes: ['Write to us at hello@acme.test or support@acme.test.'],
    expected: 'dropped',
  }),
  en({
    class: 'copied',
    field: 'contact_email',
    value: 'hello@acme.io',
    quotes: ['Write to us at hello@acme.test or support@acme.test.'],
    expected: 'dropped',
  }),
  en({
    class: 'added-claim',
    field: 'faq',
    value: { question: 'Which meeting tools does Acme Notes support?', answer: 'Zoom, Webex and Skype.' },
    quotes: [
      'Which meeting tools does Acme Notes support?',
      'Zoom, Google Meet and Microsoft Teams are supported today.',
    ],
    expected: 'dropped',
  }),
  en({
    class: 'copied',
    field: 'faq',
    value: {
      question: 'Which meeting tools does Acme Notes support?',
      answer: 'Zoom, Google Meet and Microsoft Teams.',
    },
    quotes: [
      'Which meeting tools does Acme Notes support?',
      'Zoom, Google Meet and Microsoft Teams are supported today.',
    ],
    expected: 'kept',
  }),

  // German.
  de({
    class: 'number-short',
    field: 'team_size',
    value: '3 Personen',
    quotes: ['Wir sind ein Team von 13 Personen in Berlin.'],
    expected: 'dropped',
  }),
  de({
    class: 'number-short',
    field: 'team_size',
    value: '13 Personen',
    quotes: ['Wir sind ein Team von 13 Personen in Berlin.'],
    expected: 'kept',
  }),
  de({
    class: 'number-short',
    field: 'pricing',
    value: '9 €',
    quotes: ['Pläne ab 99 € im Monat.'],
    expected: 'dropped',
  }),
  de({
    class: 'number-short',
    field: 'pricing',
    value: '99 € im Monat',
    quotes: ['Pläne ab 99 € im Monat.'],
    expected: 'kept',
  }),
  de({
    class: 'number-short',
    field: 'pricing',
    value: '12,90 € pro Monat',
    quotes: ['Nur 12,50 € pro Monat.'],
    expected: 'dropped',
  }),
  de({
    class: 'number-short',
    field: 'pricing',
    value: '12,50 € pro Monat',
    quotes: ['Nur 12,50 € pro Monat.'],
    expected: 'kept',
  }),
  de({
    class: 'number-long',
    field: 'pricing',
    value: 'Starter: 190 € pro Monat',
    quotes: ['Starter: 19 € pro Monat'],
    expected: 'dropped',
  }),
  de({
    class: 'number-long',
    field: 'summary',
    value: 'Notiz arbeitet mit 300 Apps über native Integrationen zusammen.',
    quotes: ['Notiz arbeitet mit 30 Apps über native Integrationen zusammen.'],
    expected: 'dropped',
  }),
  de({
    class: 'reformatted',
    field: 'pricing',
    value: '12 € pro Nutzer und Monat',
    quotes: ['Pro: 12 € pro Nutzer/Monat, jährliche Abrechnung'],
    expected: 'kept',
  }),
  de({
    class: 'reformatted',
    field: 'pricing',
    value: '€12 pro Nutzer pro Monat',
    quotes: ['Pro: 12 € pro Nutzer/Monat, jährliche Abrechnung'],
    expected: 'kept',
  }),
  de({
    class: 'reformatted',
    field: 'summary',
    value: 'Transkription in 40 Sprachen.',
    quotes: ['Transkription in vierzig Sprachen.'],
    expected: 'kept',
  }),
  de({
    class: 'reformatted',
    field: 'summary',
    value: 'Transkription in vierzig Sprachen.',
    quotes: ['Transkription in 40 Sprachen.'],
    expected: 'kept',
  }),
  de({
    class: 'reformatted',
    field: 'founded_year',
    value: 2021,
    quotes: ['Gegründet 2021 in Berlin.'],
    expected: 'kept',
  }),
  de({
    class: 'reformatted',
    field: 'founded_year',
    value: 2020,
    quotes: ['Gegründet 2021 in Berlin.'],
    expected: 'dropped',
  }),
  de({
    class: 'added-claim',
    field: 'summary',
    value: 'Notiz synchronisiert Termine auf allen Geräten und ist DSGVO-zertifiziert.',
    quotes: ['Notiz synchronisiert Termine auf allen Geräten in Echtzeit.'],
    expected: 'dropped',
  }),
  de({
    class: 'added-claim',
    field: 'summary',
    value: 'Notiz speichert Ihre Meetings und übersetzt sie automatisch.',
    quotes: ['Notiz speichert Ihre Meetings und schreibt die Zusammenfassung.'],
    expected: 'dropped',
  }),
  de({
    class: 'added-claim',
    field: 'description',
    value: 'Notiz läuft auf iOS und Android.',
    quotes: ['Notiz läuft auf Android.'],
    expected: 'dropped',
  }),
  de({
    class: 'added-claim',
    field: 'summary',
    value: 'Notiz synchronisiert Termine auf allen Geräten.',
    quotes: ['Notiz synchronisiert Termine auf allen Geräten in Echtzeit.'],
    expected: 'kept',
  }),
  de({
    class: 'added-claim',
    field: 'summary',
    value: 'Notiz schreibt die Zusammenfassung Ihrer Meetings.',
    quotes: ['Notiz speichert Ihre Meetings und schreibt die Zusammenfassung.'],
    expected: 'kept',
  }),
  de({
    class: 'negation',
    field: 'description',
    value: 'Notiz speichert keine Aufnahmen auf eigenen Servern.',
    quotes: ['Notiz speichert Aufnahmen auf eigenen Servern in Frankfurt.'],
    expected: 'dropped',
  }),
  de({
    class: 'negation',
    field: 'description',
    value: 'Aufnahmen werden zum Training von KI-Modellen verwendet.',
    quotes: ['Aufnahmen werden nie zum Training von KI-Modellen verwendet.'],
    expected: 'dropped',
  }),
  de({
    class: 'negation',
    field: 'description',
    value: 'Ihre Aufnahmen werden nie zum Training verwendet.',
    quotes: ['Ihre Aufnahmen und Notizen werden nie zum Training von KI-Modellen verwendet.'],
    expected: 'kept',
  }),
  de({
    class: 'truncated-name',
    field: 'founder',
    value: 'Jonas Wei',
    quotes: ['Jonas Weiß, Gründer und Geschäftsführer'],
    expected: 'dropped',
  }),
  de({
    class: 'truncated-name',
    field: 'founder',
    value: 'Jonas Weiß',
    quotes: ['Jonas Weiß, Gründer und Geschäftsführer'],
    expected: 'kept',
  }),
  de({
    class: 'truncated-name',
    field: 'company_name',
    value: 'Notiz Soft',
    quotes: ['© 2024 Notiz Software GmbH. Alle Rechte vorbehalten.'],
    expected: 'dropped',
  }),
  de({
    class: 'truncated-name',
    field: 'company_name',
    value: 'Notiz Software GmbH',
    quotes: ['© 2024 Notiz Software GmbH. Alle Rechte vorbehalten.'],
    expected: 'kept',
  }),
  de({
    class: 'cut-quote',
    field: 'pricing',
    value: '9 € pro Monat',
    quotes: ['9 € pro Monat'],
    page: 'Pro: 19 € pro Monat',
    expected: 'dropped',
  }),
  de({
    class: 'copied',
    field: 'headquarters',
    value: 'Berlin',
    quotes: ['Wir sind ein Team von 13 Personen in Berlin.'],
    expected: 'kept',
  }),
  de({
    class: 'copied',
    field: 'headquarters',
    value: 'Hamburg',
    quotes: ['Wir sind ein Team von 13 Personen in Berlin.'],
    expected: 'dropped',
  }),
  de({
    class: 'category',
    field: 'categories',
    value: ['AI'],
    quotes: ['Unsere KI schreibt das Protokoll für Sie.'],
    expected: 'kept',
  }),
  de({
    class: 'category',
    field: 'categories',
    value: ['Finance'],
    quotes: ['Unsere KI schreibt das Protokoll für Sie.'],
    expected: 'dropped',
  }),
  de({
    class: 'category',
    field: 'categories',
    value: ['Productivity'],
    quotes: ['Aufgaben und Kalender an einem Ort.'],
    expected: 'kept',
  }),
  de({
    class: 'milestone',
    field: 'milestone',
    value: { date: '2024-03-12', title: 'Notiz 2.0 veröffentlicht' },
    quotes: ['Notiz 2.0 veröffentlicht', '12. März 2024'],
    expected: 'kept',
  }),
  de({
    class: 'milestone',
    field: 'milestone',
    value: { date: '2024-03-21', title: 'Notiz 2.0 veröffentlicht' },
    quotes: ['Notiz 2.0 veröffentlicht', '12. März 2024'],
    expected: 'dropped',
  }),
  de({
    class: 'milestone',
    field: 'milestone',
    value: { date: '2023-06-01', title: 'Seed-Runde abgeschlossen' },
    quotes: ['Seed-Runde abgeschlossen', 'Juni 2023'],
    expected: 'kept',
  }),
  de({ class: 'keyword', field: 'keyword', value: 'Protokoll', quotes: ['Protokolle in Sekunden'], expected: 'kept' }),
  de({ class: 'keyword', field: 'keyword', value: 'Notiz', quotes: ['Notizbuch für Teams'], expected: 'dropped' }),
  de({
    class: 'keyword',
    field: 'keyword',
    value: 'Blockchain',
    quotes: ['Protokolle in Sekunden'],
    expected: 'dropped',
  }),
  de({
    class: 'competitor',
    field: 'competitor_url',
    value: 'https://otter.example.com/',
    quotes: ['Notiz ist die datenschutzfreundliche Alternative zu Otter.'],
    links: [otter, fireflies],
    expected: 'kept',
  }),
  de({
    class: 'competitor',
    field: 'competitor_url',
    value: 'https://fireflies.example.com/',
    quotes: ['Notiz ist die datenschutzfreundliche Alternative zu Otter.'],
    links: [otter, fireflies],
    expected: 'dropped',
  }),
  de({ class: 'logo', field: 'logo_url', value: logo, quotes: [logo], images: [logo], expected: 'kept' }),
  de({
    class: 'logo',
    field: 'logo_url',
    value: 'https://site.test/impressum',
    quotes: ['https://site.test/impressum'],
    links: [{ href: 'https://site.test/impressum', text: 'Impressum' }],
    images: [logo],
    expected: 'dropped',
  }),
];
