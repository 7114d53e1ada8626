// Starting data the site team edits later (prices live in the database, not in code paths).
import type { ProductOption } from '@/db/schema';

export const seedCategories: [slug: string, name: string, description: string][] = [
  ['productivity', 'Productivity', 'Tools that save you time at work and at home'],
  ['developer-tools', 'Developer Tools', 'For people who write, ship and run software'],
  ['ai', 'AI', 'Products built around machine learning and language models'],
  ['design', 'Design', 'Design, prototyping and creative tools'],
  ['marketing', 'Marketing', 'Growth, email, content and advertising'],
  ['sales', 'Sales & Support', 'CRM, customer support and sales tools'],
  ['analytics', 'Analytics', 'Measure, understand and report'],
  ['finance', 'Finance', 'Money, invoicing, payroll and accounting'],
  ['devops', 'DevOps', 'Hosting, monitoring and infrastructure'],
  ['security', 'Security', 'Privacy, passwords and protection'],
  ['education', 'Education', 'Learning for students and lifelong learners'],
  ['health', 'Health & Fitness', 'Wellbeing, fitness and habits'],
  ['ecommerce', 'E-commerce', 'Selling online and in store'],
  ['media', 'Media', 'Video, audio and publishing'],
  ['hr', 'HR & Hiring', 'Hiring, people and payroll'],
  ['travel', 'Travel', 'Trips, bookings and getting around'],
  ['lifestyle', 'Lifestyle', 'Home, food, pets and hobbies'],
];

const weekOption: ProductOption = {
  name: 'launch_week',
  type: 'iso_week',
  required: false,
  description: 'ISO week to launch in (e.g. 2026-W51). Leave out to go live at once.',
};

export const seedProducts: {
  key: string;
  name: string;
  description: string;
  priceCents: number;
  needsListing: boolean;
  options: ProductOption[];
  weekCapacity?: number;
}[] = [
  {
    key: 'launch',
    name: 'Paid launch',
    description: 'Skip the free queue: go live at once or in the week you choose, with every profile section unlocked.',
    priceCents: 4900,
    needsListing: true,
    options: [weekOption],
    weekCapacity: 10,
  },
  {
    key: 'featured_week',
    name: 'Featured placement',
    description: 'Pin your listing at the top of the category pages you choose, for the weeks you choose.',
    priceCents: 9900,
    needsListing: true,
    options: [
      {
        name: 'weeks',
        type: 'iso_week_list',
        required: true,
        description: 'One or more ISO weeks, priced per week.',
        min: 1,
        max: 8,
      },
      {
        name: 'categories',
        type: 'category_list',
        required: true,
        description: 'Category slugs to feature in (priced per category).',
        min: 1,
        max: 3,
      },
    ],
  },
  {
    key: 'billboard',
    name: 'Homepage billboard',
    description: 'A banner on the home page for one week; the highest bid at or above the price wins the week.',
    priceCents: 19900,
    needsListing: true,
    options: [
      { name: 'week', type: 'iso_week', required: true, description: 'The ISO week to show the billboard.' },
      {
        name: 'bid_cents',
        type: 'integer_cents',
        required: true,
        description:
          'Your bid in USD cents; at least the product price (the billboard minimum). Losing bids are refunded.',
      },
    ],
  },
  {
    key: 'unlock_milestones',
    name: 'Milestones section',
    description: 'Show the milestones timeline on a free listing.',
    priceCents: 1900,
    needsListing: true,
    options: [],
  },
];

export const seedInterviewQuestions: [key: string, question: string, help: string][] = [
  ['origin', 'What made you start building this product?', 'The moment or problem that got you going.'],
  ['customer', 'Who is it for, and how do they describe it to a friend?', ''],
  ['hardest', 'What was the hardest part so far?', 'A decision, a bug, a month you almost stopped.'],
  ['surprise', 'What surprised you most after launching?', ''],
  ['stack', 'What is your stack, and why did you choose it?', ''],
  ['advice', 'What would you tell a founder starting today?', ''],
  ['next', 'What are you building next?', ''],
];
