// The site an origin counts under for the approval queue's per-site bound (src/core/site.ts),
// against the Public Suffix List's own test vectors
// (https://github.com/publicsuffix/list/blob/main/tests/test_psl.txt, public domain): the approximation
// must give the list's registrable domain or a parent of it, since grouping more only makes the bound
// stricter, while grouping less would let one registrant's subdomains count as many sites.
// docs/decisions.md, "Hand-written codecs", has why it is not the list itself and where it groups less.
import { describe, expect, it } from 'vitest';
import { siteOf } from '../../../src/core/site';

/** checkPublicSuffix(host, registrable domain) of test_psl.txt, for every host that has one. */
const PSL: [host: string, registrable: string][] = [
  ['example.COM', 'example.com'],
  ['WwW.example.COM', 'example.com'],
  ['example.example', 'example.example'],
  ['b.example.example', 'example.example'],
  ['a.b.example.example', 'example.example'],
  ['domain.biz', 'domain.biz'],
  ['b.domain.biz', 'domain.biz'],
  ['a.b.domain.biz', 'domain.biz'],
  ['example.com', 'example.com'],
  ['b.example.com', 'example.com'],
  ['a.b.example.com', 'example.com'],
  ['example.uk.com', 'example.uk.com'],
  ['b.example.uk.com', 'example.uk.com'],
  ['a.b.example.uk.com', 'example.uk.com'],
  ['test.ac', 'test.ac'],
  ['b.c.mm', 'b.c.mm'],
  ['a.b.c.mm', 'b.c.mm'],
  ['test.jp', 'test.jp'],
  ['www.test.jp', 'test.jp'],
  ['test.ac.jp', 'test.ac.jp'],
  ['www.test.ac.jp', 'test.ac.jp'],
  ['test.kyoto.jp', 'test.kyoto.jp'],
  ['b.ide.kyoto.jp', 'b.ide.kyoto.jp'],
  ['a.b.ide.kyoto.jp', 'b.ide.kyoto.jp'],
  ['b.c.kobe.jp', 'b.c.kobe.jp'],
  ['a.b.c.kobe.jp', 'b.c.kobe.jp'],
  ['city.kobe.jp', 'kobe.jp'],
  ['www.city.kobe.jp', 'kobe.jp'],
  ['b.test.ck', 'b.test.ck'],
  ['a.b.test.ck', 'b.test.ck'],
  ['www.ck', 'www.ck'],
  ['www.www.ck', 'www.ck'],
  ['test.us', 'test.us'],
  ['www.test.us', 'test.us'],
  ['test.ak.us', 'test.ak.us'],
  ['www.test.ak.us', 'test.ak.us'],
  ['test.k12.ak.us', 'test.k12.ak.us'],
  ['www.test.k12.ak.us', 'test.k12.ak.us'],
  ['食狮.com.cn', '食狮.com.cn'],
  ['食狮.公司.cn', '食狮.公司.cn'],
  ['www.食狮.公司.cn', '食狮.公司.cn'],
  ['shishi.公司.cn', 'shishi.公司.cn'],
  ['食狮.中国', '食狮.中国'],
  ['www.食狮.中国', '食狮.中国'],
  ['shishi.中国', 'shishi.中国'],
  ['xn--85x722f.com.cn', 'xn--85x722f.com.cn'],
  ['xn--85x722f.xn--55qx5d.cn', 'xn--85x722f.xn--55qx5d.cn'],
  ['www.xn--85x722f.xn--55qx5d.cn', 'xn--85x722f.xn--55qx5d.cn'],
  ['shishi.xn--55qx5d.cn', 'shishi.xn--55qx5d.cn'],
  ['xn--85x722f.xn--fiqs8s', 'xn--85x722f.xn--fiqs8s'],
  ['www.xn--85x722f.xn--fiqs8s', 'xn--85x722f.xn--fiqs8s'],
  ['shishi.xn--fiqs8s', 'shishi.xn--fiqs8s'],
];

/** How the browser reports the host: lower case, internationalised labels as A-labels. */
const hostname = (host: string) => new URL(`https://${host}`).hostname;

describe('siteOf', () => {
  it.each(PSL)('%s: the list says %s; the site is that or a parent of it', (host, registrable) => {
    const site = siteOf(`https://${host}`);
    const domain = hostname(registrable);
    expect(
      site === domain || domain.endsWith(`.${site}`),
      `siteOf(${host}) = ${site}, narrower than the list's ${domain}`,
    ).toBe(true);
  });

  it('keeps the common two-level suffixes apart, and counts subdomains together', () => {
    expect(siteOf('https://a.b.example.co.uk')).toBe('example.co.uk');
    expect(siteOf('https://shop.example.com.au:8443')).toBe('example.com.au');
    expect(siteOf('https://x.evil.example')).toBe(siteOf('https://y.evil.example'));
  });

  it('an IP address is its own site', () => {
    expect(siteOf('http://127.0.0.1:3999')).toBe('127.0.0.1');
    expect(siteOf('http://[::1]:8080')).toBe('[::1]');
  });

  // The list has no co.de: whoever registers it owns a.co.de and b.co.de, one registrable domain. The
  // approximation keeps three labels under every `co.<two letters>` and counts them as two sites. When
  // this starts passing, make it a plain `it` (docs/decisions.md, "Hand-written codecs").
  it.fails('counts the subdomains of a registrable co.<cc> domain together (co.de is not a public suffix)', () => {
    expect(siteOf('https://a.co.de')).toBe(siteOf('https://b.co.de'));
  });
});
