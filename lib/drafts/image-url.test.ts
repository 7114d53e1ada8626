// Logos and founder photos are loaded by visitors' browsers: an address on a private network is
// refused (an owner could make browsers reach internal hosts), unless the crawler may reach it too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { founderInput, profileFieldsInput } from './patch-schema';

afterEach(() => vi.unstubAllEnvs());

const logo = (url: string) => profileFieldsInput.safeParse({ logo_url: url });

describe('image addresses', () => {
  it('refuses private, loopback and local hosts', () => {
    vi.stubEnv('CRAWLER_ALLOW_PRIVATE_HOSTS', '');
    for (const url of [
      'http://127.0.0.1:22/',
      'http://10.0.0.5/logo.png',
      'http://192.168.1.1/logo.png',
      'http://169.254.169.254/latest',
      'http://[::1]/logo.png',
      'https://printer.local/logo.png',
      'https://intranet.internal/logo.png',
      // The root's dot, and names that spell a private address for a wildcard DNS service.
      'https://localhost./x.png',
      'https://router.lan./x.png',
      'https://foo.internal./x.png',
      'https://10.0.0.1./x.png',
      'https://10.0.0.1.nip.io/x.png',
      'https://169.254.169.254.nip.io/x.png',
      'https://app-192-168-1-1.sslip.io/x.png',
    ]) {
      expect(logo(url).success, url).toBe(false);
    }
    expect(logo('http://10.0.0.5/logo.png').error?.issues[0]?.message).toBe(
      'Use an image on a public web address: this one points at a private network.',
    );
    expect(founderInput.safeParse({ name: 'Ana', photo_url: 'http://10.1.2.3/me.jpg' }).success).toBe(false);
  });

  it('takes public addresses, and the hosts the crawler is allowed to reach', () => {
    vi.stubEnv('CRAWLER_ALLOW_PRIVATE_HOSTS', '127.0.0.1');
    for (const url of [
      'https://cdn.example.com/logo.png',
      'https://cdn.example.com./logo.png',
      'https://v2-0-1-3.example.com/logo.png', // digits that are not a private address
      'https://93.184.216.34.nip.io/logo.png',
      'http://93.184.216.34/logo.png',
      'http://127.0.0.1:4010/logo.png',
    ])
      expect(logo(url).success, url).toBe(true);
  });
});
