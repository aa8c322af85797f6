/**
 * The reference server's reading of 4.14's "no local hosts or private networks": which family of
 * schemas/webhooks.ts FORBIDDEN_HOST_FAMILIES a webhook URL's host is in, and which spellings
 * latitude host-forms calls exotic (the alternate personality answers those add_webhook_06).
 * Pinned as the classification stood before the address parsing moved to a library:
 * every example and other spelling of the table, and public and edge hosts around each range.
 */
import { describe, expect, it } from 'vitest';
import { DISPUTED_PRIVATE_HOSTS, FORBIDDEN_HOST_FAMILIES } from '../schemas/webhooks.ts';
import { disputedHostFamily, forbiddenHostFamily, isExoticHostSpelling } from '../reference/webhook-hosts.ts';

/** The other spellings that latitude host-forms calls exotic or deprecated (percent-encoding, IPv4 in IPv6, site-local). */
const EXOTIC_SPELLINGS = new Set([
  'http://%6c%6fcalhost/hook',
  'http://[fec0::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:10.0.0.1]/hook',
  'http://[::ffff:a9fe:a9fe]/hook',
  'https://[::ffff:192.168.0.1]:8443/hook',
  'http://[::127.0.0.1]/hook',
]);

/** [url, family or undefined, exotic spelling] for hosts next to the ranges and odd inputs. */
const EDGES: readonly (readonly [string, string | undefined, boolean])[] = [
  // Public hosts just outside each IPv4 range, and public IPv6 and names: allowed.
  ['https://8.8.8.8/hook', undefined, false],
  ['http://172.32.0.1/hook', undefined, false],
  ['http://172.15.255.255/hook', undefined, false],
  ['http://192.169.0.1/hook', undefined, false],
  ['http://169.253.255.255/hook', undefined, false],
  ['http://11.0.0.1/hook', undefined, false],
  ['http://1.0.0.0/hook', undefined, false],
  ['http://[2001:db8::1]/hook', undefined, false],
  ['http://[fbff::1]/hook', undefined, false],
  ['http://[ff02::1]/hook', undefined, false],
  ['http://[64:ff9b::7f00:1]/hook', undefined, false],
  ['https://example.com/hook', undefined, false],
  ['https://localhostx.com/hook', undefined, false],
  ['https://localhost.example.com/hook', undefined, false],
  // IPv4 inside IPv6: only an embedded address of an IPv4 family is forbidden.
  ['http://[::ffff:8.8.8.8]/hook', undefined, false],
  ['http://[::ffff:1.2.3.4]/hook', undefined, false],
  ['http://[::8.8.8.8]/hook', undefined, false],
  ['http://[::2]/hook', 'ipv4-mapped-ipv6', true],
  ['http://[::ffff:0:0]/hook', 'ipv4-mapped-ipv6', true],
  ['http://[::ffff:ac10:1]/hook', 'ipv4-mapped-ipv6', true],
  // The edges of fe80::/10 and fc00::/7; site-local fec0::/10 is in no family (DISPUTED_PRIVATE_HOSTS).
  ['http://[febf::1]/hook', 'link-local-ipv6', false],
  ['http://[fe80::1]:80/hook', 'link-local-ipv6', false],
  ['http://[fc00::]/hook', 'unique-local-ipv6', false],
  ['http://[fdff:ffff::1]/hook', 'unique-local-ipv6', false],
  ['http://[feff::1]/hook', undefined, true],
  ['http://[FEC0::1]/', undefined, true],
  // A zone id, which WHATWG URL refuses: read by the lenient fallback, and exotic ('%').
  ['http://[fe80::1%25eth0]/hook', 'link-local-ipv6', true],
  // Names, user info, a missing scheme, other schemes.
  ['http://foo.localhost./hook', 'localhost', false],
  ['http://LOCALHOST.LOCALHOST/', 'localhost', false],
  ['http://user:pw@127.0.0.1/hook', 'loopback-ipv4', false],
  ['127.0.0.1/hook', 'loopback-ipv4', false],
  ['ftp://10.0.0.1/hook', 'private-10', false],
  // Numeric IPv4 spellings the URL standard reads (octal, hex, an empty hex part).
  ['http://0300.0250.0.1/hook', 'private-192-168', false],
  ['http://%31%30.0.0.1/hook', 'private-10', true],
  ['http://0x/', 'unspecified', false],
  // Not IPv4 addresses, or not URLs: no family.
  ['http://0x100000000/hook', undefined, false],
  ['http://256.0.0.1/hook', undefined, false],
  ['http://1.2.3.4.5/hook', undefined, false],
  ['http://08.0.0.1/', undefined, false],
  ['http://[::1/hook', undefined, false],
  ['http://%zz/hook', undefined, true],
  ['not a url', undefined, false],
  ['', undefined, false],
];

describe('forbidden-host families of 4.14 (reference classification)', () => {
  for (const family of FORBIDDEN_HOST_FAMILIES) {
    it(`${family.id}: every example and other spelling is in the family`, () => {
      for (const url of [...family.examples, ...family.otherSpellings]) expect(forbiddenHostFamily(url), url).toBe(family.id);
    });

    it(`${family.id}: the examples are usual spellings; the exotic ones among the other spellings are exactly those of latitude host-forms`, () => {
      for (const url of family.examples) expect(isExoticHostSpelling(url), url).toBe(false);
      for (const url of family.otherSpellings) expect(isExoticHostSpelling(url), url).toBe(EXOTIC_SPELLINGS.has(url));
    });
  }

  it('site-local fec0::/10 is disputed, not a family: it joins unique-local-ipv6 only where the server reads it so (4.14)', () => {
    for (const d of DISPUTED_PRIVATE_HOSTS)
      for (const url of d.examples) {
        expect(forbiddenHostFamily(url), url).toBeUndefined();
        expect(disputedHostFamily(url), url).toBe(d.readAs);
      }
    for (const url of ['http://[feff::1]/hook', 'http://[FEC0::1]/']) expect(disputedHostFamily(url), url).toBe('unique-local-ipv6');
    for (const url of ['http://[fc00::1]/hook', 'http://[fe80::1]/hook', 'http://[2001:db8::1]/hook', 'https://example.com/', 'not a url'])
      expect(disputedHostFamily(url), url).toBeUndefined();
  });

  it('every exotic spelling listed here is one of the table', () => {
    const spellings = new Set<string>([...FORBIDDEN_HOST_FAMILIES.flatMap((f) => f.otherSpellings), ...DISPUTED_PRIVATE_HOSTS.flatMap((d) => d.examples)]);
    for (const url of EXOTIC_SPELLINGS) expect(spellings.has(url), url).toBe(true);
  });

  it.each(EDGES)('%s: family %s, exotic %s', (url, family, exotic) => {
    expect(forbiddenHostFamily(url)).toBe(family);
    expect(isExoticHostSpelling(url)).toBe(exotic);
  });
});
