// E2E in Debian's Chromium (browsers cannot be downloaded here) against `npm start` on its own
// port, data folder and build folder, so several runs can happen side by side.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT || 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: `test-results/e2e-${port}`,
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npx tsx scripts/start.ts',
    url: `${baseURL}/api/v1/categories`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      APP_URL: baseURL,
      AUTH_URL: baseURL,
      DATA_DIR: `.data/e2e-${port}-${Date.now()}`,
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || `.next-e2e`,
      DEV_MAILBOX: '1',
      SIGN_IN_EMAIL_LIMIT: '100',
      SIGN_IN_IP_LIMIT: '1000',
      CRAWLER_ALLOW_PRIVATE_HOSTS: '127.0.0.1,localhost',
      // The site clock a spec may move (POST /dev/clock; lib/time/clock.ts): e2e/launch.spec.ts.
      TEST_CLOCK: '1',
      // Printed on receipts (lib/orders/seller.ts): e2e/checkout.spec.ts reads them.
      SELLER_NAME: 'Directory Ops GmbH',
      SELLER_ADDRESS: 'Hauptstraße 1 | 10115 Berlin',
      AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
    },
  },
});
