// Journey: an MCP client asks for access; the person signs in, reads the consent page, chooses
// Allow access; the client gets a token and calls a tool; the person disconnects it in the account.
import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './support/sign-in';

const REDIRECT = 'https://agent.example/callback';

test('connect an MCP client with OAuth, call a tool, disconnect it', async ({ page, request, baseURL }) => {
  const registered = await request.post('/oauth/register', {
    data: { client_name: 'E2E Agent', redirect_uris: [REDIRECT] },
  });
  expect(registered.status()).toBe(201);
  const client = await registered.json();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = `/oauth/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'xyz',
    scope: 'account:read listings:write',
    resource: `${baseURL}/mcp`,
  })}`;

  // The client's redirect target is outside this machine: answer it here and keep the URL.
  let returned: URL | undefined;
  await page.route('https://agent.example/**', async (route) => {
    returned = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'back in the app' });
  });

  const email = uniqueEmail('mcp');
  await signIn(page, email);
  const consent = await page.goto(authorize);
  // The consent page can never be framed (clickjacking).
  expect(consent?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(consent?.headers()['x-frame-options']).toBe('DENY');
  await expect(
    page.getByRole('heading', { name: 'E2E Agent wants to use your Product Directory account' }),
  ).toBeVisible();
  await expect(page.getByText('agent.example')).toBeVisible();
  await expect(page.getByText('account:read')).toBeVisible();
  await expect(page.getByText('listings:write')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/mcp-consent-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/mcp-consent-1280.png', fullPage: true });

  await page.getByRole('button', { name: 'Allow access' }).click();
  await expect(page.getByText('back in the app')).toBeVisible();
  expect(returned?.searchParams.get('state')).toBe('xyz');
  const code = returned!.searchParams.get('code')!;

  const token = await request.post('/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
      code_verifier: verifier,
    },
  });
  expect(token.status()).toBe(200);
  const { access_token } = await token.json();
  const callTool = () =>
    request.post('/mcp', {
      headers: {
        authorization: `Bearer ${access_token}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2025-11-25',
      },
      data: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account', arguments: {} } },
    });
  const call = await callTool();
  expect(call.status()).toBe(200);
  expect(await call.text()).toContain(email);

  await page.goto('/account/connected-apps');
  const app = page.getByTestId('connected-app').filter({ hasText: 'E2E Agent' });
  await expect(app).toContainText('agent.example');
  await expect(app).toContainText('listings:write');
  await page.screenshot({ path: 'test-results/mcp-connected-apps-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/mcp-connected-apps-390.png', fullPage: true });
  await app.getByRole('button', { name: 'Disconnect E2E Agent' }).click();
  await app.getByRole('button', { name: 'Confirm disconnecting E2E Agent' }).click();
  await expect(page.getByText('No connected apps')).toBeVisible();
  expect((await callTool()).status()).toBe(401);
});
