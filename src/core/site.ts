/**
 * The site a web name belongs to, its registrable domain (https://publicsuffix.org/, "eTLD+1"): the one
 * home of "same site" for every rule that needs it (docs/security.md). Subdomains of one site share the
 * approval queue's bound and the rate limits (a page can mint `a.evil.example`, `b.evil.example`, … at
 * will), and a NEP-413 message whose recipient is another site is a sign-in for that site.
 *
 * Names are read the way the browser reads a URL's host (WHATWG URL: lower case, IDNA to `xn--`,
 * IPv4 written in dotted decimal), so a recipient and the origin the browser reported compare in one
 * form. The background has no room for the whole Public Suffix List (docs/decisions.md, "What a site
 * is"): a public suffix is one label, or two for a common second level under a two-letter country code
 * (`co.uk`, `com.au`, …) and for the hosts where anyone gets a subdomain (`github.io`, `vercel.app`, …,
 * each in the list's private section). On a host like that which is missing here, its sites count as
 * one: a limit is stricter for them, and a page there may ask for another of them without a warning.
 */

const SECOND_LEVEL = new Set(['ac', 'co', 'com', 'edu', 'gov', 'net', 'org', 'ne', 'or', 'go', 'gob', 'nic', 'mil']);
const SHARED_HOSTS = new Set([
  'amplifyapp.com',
  'appspot.com',
  'azurewebsites.net',
  'bitbucket.io',
  'blogspot.com',
  'cloudfront.net',
  'codeberg.page',
  'deno.dev',
  'firebaseapp.com',
  'fly.dev',
  'framer.app',
  'github.io',
  'gitlab.io',
  'herokuapp.com',
  'netlify.app',
  'ngrok-free.app',
  'ngrok.app',
  'ngrok.io',
  'onrender.com',
  'pages.dev',
  'repl.co',
  'replit.app',
  'trycloudflare.com',
  'vercel.app',
  'web.app',
  'webflow.io',
  'wixsite.com',
  'workers.dev',
]);

/**
 * The host a recipient or URL names, as the browser writes hosts; null when it names none or is
 * ambiguous. Accepted: a host with an optional port and path (`app.example`, `app.example:8080/login`)
 * or an http(s) URL. Refused: whitespace or control characters, another scheme, user info
 * (`a.example@b.example` reads as one site and is another), an empty label, anything the URL parser refuses.
 */
export function hostOf(text: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\s\u0000-\u001f\u007f]/.test(text)) return null;
  const scheme = /^[a-z][a-z\d+.-]*:\/\//i.exec(text)?.[0];
  if (scheme !== undefined && !/^https?:\/\/$/i.test(scheme)) return null;
  const written = text.slice(scheme?.length ?? 0).split(/[/?#]/)[0]!;
  if (written === '' || /[@\\]/.test(written)) return null;
  let host: string;
  try {
    host = new URL(`http://${written}/`).hostname;
  } catch {
    return null;
  }
  if (host.endsWith('.')) host = host.slice(0, -1); // the root's dot: `example.org.` is example.org
  return host.split('.').every((label) => label.length > 0) ? host : null;
}

/**
 * The registrable domain of a host written as the browser writes it: an IP address and a name of one
 * or two labels (`localhost`, `a.localhost`, `app.near`) are their own; otherwise the public suffix
 * (see above) and one label more. A name under a suffix the list does not know, `localhost` or
 * `near` included, is read as under a one-label suffix, as the list's default rule says.
 */
export function siteOfHost(host: string): string {
  const labels = host.split('.');
  if (host.startsWith('[') || /^\d+$/.test(labels.at(-1)!) || labels.length <= 2) return host;
  const tld = labels.at(-1)!;
  const shared = SHARED_HOSTS.has(labels.slice(-2).join('.')) || (tld.length === 2 && SECOND_LEVEL.has(labels.at(-2)!));
  return labels.slice(shared ? -3 : -2).join('.');
}

/** The site of an origin the browser reported (`https://app.example:8443`); the origin itself when it has no host. */
export function siteOf(origin: string): string {
  const host = hostOf(origin);
  return host === null ? origin : siteOfHost(host);
}

/** The site a NEP-413 recipient or callback URL names, or null when it names no web site unambiguously. */
export function siteNamed(text: string): string | null {
  const host = hostOf(text);
  return host === null ? null : siteOfHost(host);
}
