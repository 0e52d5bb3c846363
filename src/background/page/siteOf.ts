/**
 * The site an origin belongs to, for limits that must count subdomains together (a page can mint
 * `a.evil.example`, `b.evil.example`, … at will). Without the whole Public Suffix List
 * (https://publicsuffix.org/) in the background, this keeps the last two labels, or three under a
 * common two-level public suffix (`co.uk`, `com.au`, …). It may group more than the list would,
 * never less, which only makes a limit stricter. IP addresses are their own site.
 */
const SECOND_LEVEL = new Set(['ac', 'co', 'com', 'edu', 'gov', 'net', 'org', 'ne', 'or', 'go', 'gob', 'nic', 'mil']);

export function siteOf(origin: string): string {
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase();
  } catch {
    return origin;
  }
  if (host.startsWith('[') || /^[\d.]+$/.test(host)) return host;
  const labels = host.split('.').filter((l) => l.length > 0);
  if (labels.length <= 2) return labels.join('.');
  const tld = labels[labels.length - 1]!;
  const second = labels[labels.length - 2]!;
  const keep = tld.length === 2 && SECOND_LEVEL.has(second) ? 3 : 2;
  return labels.slice(-keep).join('.');
}
