// What "the site" is (src/core/site.ts) for every shape a recipient, callback URL or origin comes in,
// and the NEP-413 message findings built on it (src/core/messageRisk.ts; docs/security.md, "Messages for
// another site").
import { describe, expect, it } from 'vitest';
import { assessMessage } from '../../../src/core/messageRisk';
import { hostOf, siteNamed, siteOf, siteOfHost } from '../../../src/core/site';
import { said } from '../../../src/ui/phrase';

describe('hostOf: the host a recipient names, written as the browser writes hosts', () => {
  it.each([
    ['near-intents.org', 'near-intents.org'],
    ['NEAR-Intents.ORG', 'near-intents.org'],
    ['near-intents.org.', 'near-intents.org'],
    ['near-intents.org:443', 'near-intents.org'],
    ['near-intents.org/login?x=1#y', 'near-intents.org'],
    ['https://near-intents.org/login', 'near-intents.org'],
    ['HTTP://Near-Intents.org:8080', 'near-intents.org'],
    ['пример.рф', 'xn--e1afmkfd.xn--p1ai'],
    ['XN--E1AFMKFD.xn--p1ai', 'xn--e1afmkfd.xn--p1ai'],
    ['10.0.0.1', '10.0.0.1'],
    ['0x0a.0.0.1', '10.0.0.1'],
    ['167772161', '10.0.0.1'],
    ['[::1]:8080', '[::1]'],
    ['localhost', 'localhost'],
    ['app.near', 'app.near'],
    [
      '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    ],
  ])('%s → %s', (text, host) => expect(hostOf(text)).toBe(host));

  it.each([
    '',
    'My App',
    ' near-intents.org',
    'near-intents.org\n',
    'near-\tintents.org',
    'near-intents.org@evil.example',
    'https://evil.example@near-intents.org/',
    'evil.example\\@near-intents.org',
    'wss://near-intents.org',
    'ftp://near-intents.org',
    'javascript:alert(1)',
    'mailto:a@near-intents.org',
    'near-intents..org',
    'near-intents.org..',
    '.near-intents.org',
    'https://',
    'xn--a.example',
  ])('%j names no host', (text) => expect(hostOf(text)).toBeNull());
});

describe('schemes, IPv4 and second levels: the edges', () => {
  it('reads a scheme only at the start, and refuses any scheme but http(s), digits included', () => {
    expect(hostOf('app.example/next?u=a://b')).toBe('app.example');
    expect(hostOf('s3://bucket.example')).toBeNull();
    expect(hostOf('xhttp://app.example')).toBeNull();
    expect(hostOf('web+near://app.example')).toBeNull();
  });

  it('reads a host as IPv4 only when its last label is all digits', () => {
    expect(siteNamed('http://10.0.0.10')).toBe('10.0.0.10');
    expect(siteNamed('www.shop.1a')).toBe('shop.1a');
    expect(siteNamed('www.shop.a1')).toBe('shop.a1');
    expect(siteNamed('www.1.example')).toBe('1.example');
  });

  it('takes a common second level as part of the suffix only under a two-letter country code', () => {
    expect(siteNamed('portal.agency.gov.example')).toBe('gov.example');
    expect(siteNamed('portal.agency.gov.uk')).toBe('agency.gov.uk');
  });

  it('siteOf gives back an origin without a host as it is', () => {
    expect(siteOf('chrome-extension://abcdefghijklmnop')).toBe('chrome-extension://abcdefghijklmnop');
    expect(siteOf('https://a.b.example:8443')).toBe('b.example');
  });
});

describe('siteOfHost: the registrable domain', () => {
  it.each([
    ['near-intents.org', 'near-intents.org'],
    ['app.near-intents.org', 'near-intents.org'],
    ['a.b.c.near-intents.org', 'near-intents.org'],
    ['www.bbc.co.uk', 'bbc.co.uk'],
    ['shop.example.com.au', 'example.com.au'],
    ['co.uk', 'co.uk'],
    ['victim.github.io', 'victim.github.io'],
    ['x.victim.github.io', 'victim.github.io'],
    ['evil.vercel.app', 'evil.vercel.app'],
    ['github.io', 'github.io'],
    ['localhost', 'localhost'],
    ['evil.localhost', 'evil.localhost'],
    ['www.evil.localhost', 'evil.localhost'],
    ['app.near', 'app.near'],
    ['sub.app.near', 'app.near'],
    ['10.0.0.1', '10.0.0.1'],
    ['[::1]', '[::1]'],
    ['xn--e1afmkfd.xn--p1ai', 'xn--e1afmkfd.xn--p1ai'],
    ['www.xn--e1afmkfd.xn--p1ai', 'xn--e1afmkfd.xn--p1ai'],
  ])('%s → %s', (host, site) => expect(siteOfHost(host)).toBe(site));

  it('reads an origin the browser reported, port and scheme aside', () => {
    expect(siteOf('https://app.near-intents.org')).toBe('near-intents.org');
    expect(siteOf('http://s1.flood.localhost:5173')).toBe('flood.localhost');
    expect(siteOf('http://127.0.0.1:8080')).toBe('127.0.0.1');
    expect(siteOf('http://[::1]:8080')).toBe('[::1]');
    expect(siteOf('https://xn--e1afmkfd.xn--p1ai')).toBe('xn--e1afmkfd.xn--p1ai');
    expect(siteOf('null')).toBe('null');
  });

  it('siteNamed is null for what names no site', () => {
    expect(siteNamed('https://www.near-intents.org/x')).toBe('near-intents.org');
    expect(siteNamed('My App')).toBeNull();
  });
});

describe('assessMessage: a message for another site is danger', () => {
  const codes = (origin: string, recipient: string, callbackUrl: string | null = null) =>
    assessMessage({ origin, recipient, callbackUrl }).map((f) => `${f.level}:${f.code}`);

  it('a sign-in for near-intents.org asked by evil.example names both sites', () => {
    const [finding, ...rest] = assessMessage({
      origin: 'https://evil.example',
      recipient: 'near-intents.org',
      callbackUrl: null,
    });
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ level: 'danger', code: 'recipient_other_site' });
    expect(said(finding!.words)).toContain('near-intents.org');
    expect(said(finding!.words)).toContain('evil.example');
  });

  it.each([
    ['https://evil.example', 'near-intents.org'],
    ['https://evil.example', 'https://near-intents.org/login'],
    ['https://evil.example', 'NEAR-INTENTS.ORG.'],
    ['https://near-intents.org.evil.example', 'near-intents.org'],
    ['https://evil.example', 'evil.example.near-intents.org'],
    ['https://evil.example', 'near-intents.org@evil.example'],
    ['https://evil.example', 'app.near'],
    ['https://evil.example', 'My App'],
    ['https://evil.github.io', 'victim.github.io'],
    ['https://xn--80ak6aa92e.com', 'apple.com'],
    ['http://127.0.0.1:8080', 'localhost'],
    ['http://localhost:8080', '127.0.0.1'],
    ['http://evil.localhost:8080', 'other.localhost'],
  ])('%s asking for %j: danger', (origin, recipient) =>
    expect(codes(origin, recipient)).toEqual(['danger:recipient_other_site']),
  );

  it.each([
    ['https://near-intents.org', 'near-intents.org'],
    ['https://app.near-intents.org', 'near-intents.org'],
    ['https://near-intents.org', 'auth.near-intents.org'],
    ['https://near-intents.org', 'https://NEAR-intents.org./login'],
    ['https://xn--e1afmkfd.xn--p1ai', 'пример.рф'],
    ['https://xn--80ak6aa92e.com', 'аррӏе.com'],
    ['http://127.0.0.1:8080', '127.0.0.1'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:9999/cb'],
    ['http://localhost:3000', 'localhost:3000'],
    ['http://www.evil.localhost:1', 'evil.localhost'],
  ])('%s asking for %j: its own site, no finding', (origin, recipient) => expect(codes(origin, recipient)).toEqual([]));

  it('a callback URL on another site (or on none) is danger; on the asking site, or absent, it is not', () => {
    expect(codes('https://evil.example', 'evil.example', 'https://near-intents.org/cb')).toEqual([
      'danger:callback_other_site',
    ]);
    expect(codes('https://evil.example', 'evil.example', 'javascript:alert(1)')).toEqual([
      'danger:callback_other_site',
    ]);
    expect(codes('https://evil.example', 'near-intents.org', 'https://near-intents.org/cb')).toEqual([
      'danger:recipient_other_site',
      'danger:callback_other_site',
    ]);
    expect(codes('https://app.evil.example', 'evil.example', 'https://www.evil.example/cb')).toEqual([]);
    expect(codes('https://evil.example', 'evil.example', null)).toEqual([]);
    expect(codes('https://evil.example', 'evil.example', '')).toEqual([]);
  });
});
