// axe-core in the E2E suite: WCAG 2.2 AA rules, and only serious or critical findings count.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One line per serious/critical violation on the page as it is now: "label: rule (impact) target — help". */
export async function axeFindings(page: Page, label: string): Promise<string[]> {
  // Next streams a dynamic page's metadata after its body, and a server action's refresh re-renders
  // it: wait for the <title> to be in place (a page that never gets one still fails, here).
  await expect.poll(() => page.title(), { message: `${label}: the page has no <title>`, timeout: 5_000 }).not.toBe('');
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${label}: ${v.id} (${v.impact}) ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(0, 2).join(' ') ?? v.help}`,
      ),
    );
}
