import { afterEach, describe, expect, it } from 'vitest';
import { checkAddress, isAllowListed, isIpLiteral, isPublicAddress } from './address-rules';

describe('address rules', () => {
  const refused: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'ipv4Mapped'],
    ['::ffff:8.8.8.8', 'ipv4Mapped'],
    ['::7f00:1', 'ipv4Compatible'],
    ['::127.0.0.1', 'ipv4Mapped'],
    ['2002:7f00:1::', '6to4:loopback'],
    ['2002:a9fe:a9fe::1', '6to4:linkLocal'],
    ['64:ff9b::10.0.0.1', 'nat64:private'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['[::1]', 'loopback'],
    ['not-an-ip', 'invalid'],
  ];
  it.each(refused)('refuses %s (%s)', (ip, range) => {
    expect(checkAddress(ip)).toEqual({ allowed: false, range });
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '2606:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2002:0808:0808::1',
    '64:ff9b::8.8.8.8',
  ])('allows public %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it('recognises IP literals', () => {
    expect(isIpLiteral('127.0.0.1')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('example.com')).toBe(false);
  });

  describe('CRAWLER_ALLOW_PRIVATE_HOSTS', () => {
    const before = process.env.CRAWLER_ALLOW_PRIVATE_HOSTS;
    afterEach(() => {
      process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = before;
    });
    it('is empty by default and names hosts case-insensitively', () => {
      delete process.env.CRAWLER_ALLOW_PRIVATE_HOSTS;
      expect(isAllowListed('127.0.0.1')).toBe(false);
      process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = ' 127.0.0.1 , Fixture.Test,[::1]';
      expect(isAllowListed('127.0.0.1')).toBe(true);
      expect(isAllowListed('fixture.test')).toBe(true);
      expect(isAllowListed('::1')).toBe(true);
      expect(isAllowListed('10.0.0.1')).toBe(false);
    });
  });
});
