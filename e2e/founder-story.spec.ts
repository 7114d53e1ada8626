// A new founder completes their profile with a photo upload; the demo founder (whose seeded profile is
// complete, photo included) writes the founder story of one of their live listings until the rules
// checklist is complete, and it publishes on the public story page.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { axeFindings } from './support/axe';
import { signIn, uniqueEmail } from './support/sign-in';

const FOUNDER = 'founder@example.com';
const words = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

test('upload a photo, complete the profile, write a story until it publishes', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, uniqueEmail('storyteller'), '/account/profile');
  await expect(page.getByRole('heading', { name: 'Founder profile', level: 1 })).toBeVisible();
  // Filled until they hold (typed while React hydrates the form, a value can be reset).
  const typed: [string, string][] = [
    ['Name', 'Ada Storyteller'],
    ['Role', 'Founder'],
    ['Bio', 'Makes tools that help small teams write things down.'],
  ];
  await expect(async () => {
    for (const [label, value] of typed) await page.getByLabel(label, { exact: true }).fill(value);
    for (const [label, value] of typed)
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // A link typed as read ("www.…") gets https:// on leaving the field: it was refused, and the save with it.
  const linkedin = page.getByLabel('LinkedIn', { exact: true });
  await linkedin.fill('www.linkedin.com/in/ada-storyteller');
  await linkedin.blur();
  await expect(linkedin).toHaveValue('https://www.linkedin.com/in/ada-storyteller');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  // Only the photo is left.
  await expect(page.getByRole('heading', { name: 'To complete your profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upload a photo of yourself to your founder profile.' })).toHaveAttribute(
    'href',
    '#photo',
  );

  // A text file named .png is refused by the server (the type comes from the bytes).
  const photo = page.getByLabel('Upload a photo');
  await photo.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(/not a JPEG, PNG or WebP image/)).toBeVisible();
  expect(await axeFindings(page, 'profile with an error')).toEqual([]);

  // Over 5 MB: refused in the browser before it is sent…
  const big = Buffer.alloc(6 * 1024 * 1024, 1);
  await photo.setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: big });
  await expect(page.getByText('The photo is 6.0 MB; the limit is 5 MB.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save profile' })).toBeDisabled();

  // …and without JavaScript the server answers the same sentence (not a crash).
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noJs.newPage();
  await plain.goto('/account/profile');
  await plain.getByLabel('Upload a photo').setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: big });
  await plain.getByRole('button', { name: 'Save profile' }).click();
  await expect(plain.getByText('The photo is 6.0 MB; the limit is 5 MB.')).toBeVisible();
  await noJs.close();

  // A real photo: saved, re-encoded, shown, and the profile is complete.
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  await page.reload();
  await page.getByLabel('Upload a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile and photo saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your profile is complete' })).toBeVisible();
  const current = page.getByRole('img', { name: 'Your current photo' });
  await expect(current).toBeVisible();
  const src = (await current.getAttribute('src'))!;
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect((await served.body()).equals(png)).toBe(false);

  // The story of Notiv (one of the demo founder's live listings, no story yet), by the demo founder.
  await page.context().clearCookies();
  await signIn(page, FOUNDER, '/account/profile');
  await expect(page.getByRole('heading', { name: 'Your profile is complete' })).toBeVisible();
  const found = await (await page.request.get('/api/v1/listings?q=Notiv')).json();
  const notiv = found.items.find((l: { name: string }) => l.name === 'Notiv');
  await page.goto(`/account/listings/${notiv.id}#story`);
  const editor = page.getByRole('form', { name: 'Founder story' });
  await expect(editor).toBeVisible();
  const checklist = editor.getByTestId('story-checklist').getByRole('listitem');
  const rule = (text: string) => checklist.filter({ hasText: text }).first();
  await expect(rule('profile is complete')).toHaveAttribute('data-met', 'true');
  await expect(rule('sections written')).toHaveAttribute('data-met', 'false');
  await expect(rule('words in all')).toHaveAttribute('data-met', 'false');
  await expect(editor.getByText('Draft', { exact: true })).toBeVisible();

  await editor.getByLabel('Story title').fill('How Notiv learned to link ideas');
  await editor.getByLabel('How it started').fill(words(90, 'start'));
  await expect(editor.getByText('90 words', { exact: true })).toBeVisible();
  await editor.getByLabel('The problem').fill(words(90, 'problem'));
  await expect(rule('sections written')).toHaveAttribute('data-met', 'false');
  await editor.getByLabel('What you built').fill(words(60, 'built'));
  await expect(rule('sections written')).toHaveAttribute('data-met', 'true');
  await expect(rule('words in all')).toHaveAttribute('data-met', 'false');
  await expect(editor.getByTestId('story-word-total')).toHaveText('240 words in all');
  await editor.getByLabel('The hard parts').fill(words(20, 'hard'));
  await expect(rule('words in all')).toHaveAttribute('data-met', 'true');
  await expect(editor.getByText('3 of 3 done')).toBeVisible();
  expect(await axeFindings(page, 'story editor')).toEqual([]);

  await editor.getByText('Preview').click();
  await expect(editor.getByRole('heading', { name: 'How Notiv learned to link ideas' })).toBeVisible();

  await editor.getByRole('button', { name: 'Save and publish' }).click();
  await expect(editor.getByText('Saved. Your story is published.')).toBeVisible();
  await expect(editor.getByText('Published', { exact: true })).toBeVisible();
  await editor.getByRole('link', { name: 'Read it on the site' }).click();
  await page.waitForURL(/\/p\/notiv\/story$/);
  await expect(page.getByRole('heading', { name: 'How Notiv learned to link ideas', level: 1 })).toBeVisible();
  await expect(page.getByText('start0 start1 start2', { exact: false })).toBeVisible();
  await page.goto('/p/notiv');
  await expect(page.getByRole('heading', { name: 'How Notiv learned to link ideas' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Read the story/ })).toHaveAttribute('href', '/p/notiv/story');
});

test('answer interview questions; the answers show on the founder page and under the question', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, FOUNDER, '/account/interview');
  const answer = 'A spreadsheet that sent invoices late, every single month.';
  await page.getByLabel('What made you start building this product?').fill(answer);
  await page.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByText('Saved 1 answer.')).toBeVisible();
  expect(await axeFindings(page, 'interview form')).toEqual([]);
  await page.goto('/founders/demo-founder');
  await expect(page.getByRole('heading', { name: 'Interview' })).toBeVisible();
  await expect(page.getByText(answer)).toBeVisible();
  await page.goto('/interview');
  await expect(page.getByText(answer)).toBeVisible();
  // A long link in an answer wraps on a phone instead of pushing the page sideways.
  await page.goto('/account/interview');
  const link = `https://github.com/acme/acme/blob/main/docs/roadmap/${'very-long-path-segment-'.repeat(6)}plan.md`;
  await page.getByLabel('What made you start building this product?').fill(`${answer} Roadmap: ${link}`);
  await page.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByText('Saved 1 answer.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/interview');
  await expect(page.getByText(link)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Emptying an answer removes it, and says so (it said "Saved 1 answer.").
  await page.goto('/account/interview');
  await page.getByLabel('What made you start building this product?').fill('');
  await page.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByText('Removed 1 answer.')).toBeVisible();
  await page.goto('/founders/demo-founder');
  await expect(page.getByText(answer)).toHaveCount(0);
});
