// The editor shows what the AI proposed and the evidence guard refused. Needs the AI drafter, so
// the server must be started against a loopback OpenAI-compatible mock that this spec serves:
//   OPENAI_API_KEY=test OPENAI_BASE_URL=http://127.0.0.1:3299/v1 E2E_PORT=3201 \
//     NEXT_DIST_DIR=.next-e2e-guard npx playwright test e2e/refused-proposal.spec.ts
// Skipped otherwise (the component is also checked by components/drafts/refused-proposal.test.ts
// and the refusals end to end by lib/drafts/test/hallucination.test.ts).
import fs from 'node:fs';
import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { PLATFORMS, STORY_SECTIONS } from '../lib/drafts/types';
import { startFixtureSite, type FixtureSite } from '../test/support/fixture-sites';
import { signIn, uniqueEmail } from './support/sign-in';

const base = process.env.OPENAI_BASE_URL ?? '';
const mockPort = /^http:\/\/127\.0\.0\.1:(\d+)\/v1$/.exec(base)?.[1];
test.skip(
  !mockPort || !process.env.OPENAI_API_KEY,
  'needs OPENAI_BASE_URL=http://127.0.0.1:<port>/v1 (a mock this spec serves)',
);

const shots = process.env.E2E_SCREENSHOTS_DIR || 'test-results/refused-proposal';
let site: FixtureSite;
let mock: http.Server;

/** A careless model's answer on the acme site: true name and summary, an invented price and FAQ. */
function draftJson(url: string) {
  const q = (quote: string, path = '/') => [{ quote, url: `${url}${path}` }];
  const none = { value: null, evidence: [] };
  const links = Object.fromEntries(PLATFORMS.map((p) => [p, null]));
  const home = 'Acme Notes records your meetings, writes the summary and sends the action items to your team.';
  return {
    name: { value: 'Acme Notes', evidence: q(home) },
    headline: {
      value: 'Trusted by 40,000 teams',
      evidence: q('Trusted by 4,000 teams who want to save time on meeting notes and workflow follow-ups.'),
    },
    summary: { value: home, evidence: q(home) },
    description: none,
    pricing: {
      value: '$120 per user per month, billed yearly',
      evidence: q('$12 per user per month, billed yearly', '/pricing'),
    },
    headquarters: none,
    team_size: none,
    company_name: none,
    contact_email: none,
    logo_url: none,
    competitor_url: none,
    founded_year: { value: null, evidence: [] },
    categories: {
      value: ['AI'],
      evidence: q(
        'Our AI-powered assistant joins your calendar meetings, transcribes every word and turns the talk into tasks your team can act on the same day.',
      ),
    },
    faqs: [
      {
        question: 'Which meeting tools does Acme Notes support?',
        answer: 'Zoom, Webex and Skype.',
        evidence: q('Which meeting tools does Acme Notes support?', '/faq').concat(
          q('Zoom, Google Meet and Microsoft Teams are supported today.', '/faq'),
        ),
      },
    ],
    founders: [],
    company_socials: links,
    story: { value: Object.fromEntries(STORY_SECTIONS.map((s) => [s, null])), evidence: [] },
    milestones: { value: [], evidence: [] },
    seo: { value: { title: null, description: null, keywords: [] }, evidence: [] },
  };
}

test.beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  site = await startFixtureSite('acme');
  mock = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const content = JSON.stringify(draftJson(site.url));
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-e2e',
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'mock',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    });
  });
  await new Promise<void>((r) => mock.listen(Number(mockPort), '127.0.0.1', r));
});
test.afterAll(async () => {
  await site?.close();
  await new Promise((r) => mock?.close(r));
});

async function snap(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.locator('#field-pricing').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

test('a refused proposal shows under its blank field, folded away, with the reason', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, uniqueEmail('refused'), '/submit');
  await page.getByLabel("Your product's website").fill(site.url);
  await page.getByRole('button', { name: 'Draft my listing' }).click();
  await expect(page.getByRole('form', { name: 'Edit draft' })).toBeVisible({ timeout: 45_000 });

  const pricing = page.locator('#field-pricing');
  await expect(pricing.getByTestId('state-pricing')).toHaveAttribute('data-state', 'not_found');
  await expect(page.getByRole('textbox', { name: 'Pricing' })).toHaveValue('');
  const details = pricing.getByTestId('refused-pricing');
  await expect(details).toBeVisible();
  await expect(details.getByText("'$120' is not on the site; the site says '$12'.")).toBeHidden();
  await snap(page, 'folded');

  await details.locator('summary').click();
  await expect(details.getByText('$120 per user per month, billed yearly')).toBeVisible();
  await expect(details.getByText("Why it was left out: '$120' is not on the site; the site says '$12'.")).toBeVisible();
  await snap(page, 'open');

  // A section: the invented FAQ answer beside the FAQs the site has.
  const faqs = page.getByTestId('refused-faqs');
  await faqs.locator('summary').click();
  await expect(faqs.getByText("'Webex' is not on the site.")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await faqs.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/faqs-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId('refused-headline')).toBeVisible();
  // The founder can still type the right value.
  await page.getByRole('textbox', { name: 'Pricing' }).fill('$12 per user per month');
  await expect(page.getByRole('textbox', { name: 'Pricing' })).toHaveValue('$12 per user per month');
});
