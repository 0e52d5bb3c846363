/**
 * How an origin is shown to people (docs/security.md, "Who is asking"). The window names the host
 * exactly as the browser reported it: ASCII, an internationalised name in its `xn--` form, which no
 * look-alike letter can imitate. The Unicode form is offered beneath it, flagged, and only when every
 * `xn--` label is a valid A-label (RFC 5891 §5.4: valid RFC 3492 punycode that round-trips, decodes
 * to non-ASCII letters, marks and digits, nothing hidden); an invalid label is never decoded.
 * Plain http is flagged too.
 */
import { decode, encode } from 'punycode/';
import type { OriginView } from '../../api/approvalApi';
import { hasHiddenCharacters } from '../../core/visibleText';

const LDH = /^[a-z0-9-]+$/;
/** Letters, combining marks, digits and the hyphen: what IDNA2008 (RFC 5892) lets a label hold, roughly. */
const LABEL_CHARS = /^[\p{L}\p{M}\p{N}-]+$/u;

/**
 * The Unicode form of one `xn--` label's payload, or null when it is not a valid A-label payload:
 * not LDH ASCII, not valid punycode (RFC 3492 overflow, bad digit, a code point past U+10FFFF),
 * no non-ASCII result, not the canonical encoding of its result, or a result holding anything but
 * lower-case letters, marks, digits and hyphens (Unicode TR 36 §2.1: such labels exist to deceive).
 */
export function decodePunycodeLabel(input: string): string | null {
  const ascii = input.toLowerCase();
  if (!LDH.test(ascii)) return null;
  let decoded: string;
  try {
    decoded = decode(ascii);
  } catch {
    return null; // the package throws RangeError on every malformed input
  }
  if (!/[\u0080-\uffff]/.test(decoded)) return null; // all ASCII: not an IDN at all
  if (!LABEL_CHARS.test(decoded) || hasHiddenCharacters(decoded) || decoded !== decoded.toLowerCase()) return null;
  let again: string;
  try {
    again = encode(decoded);
  } catch {
    return null;
  }
  return again === ascii ? decoded : null;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

export function originView(origin: string): OriginView {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return { origin, host: origin, punycode: false, insecure: true };
  }
  const port = url.port ? `:${url.port}` : '';
  const labels = url.hostname.split('.');
  const idn = labels.some((l) => l.startsWith('xn--'));
  const view: OriginView = {
    origin,
    host: `${url.hostname}${port}`,
    punycode: idn,
    insecure: url.protocol !== 'https:' && !isLoopback(url.hostname),
  };
  if (idn) {
    const decoded = labels.map((l) => (l.startsWith('xn--') ? decodePunycodeLabel(l.slice(4)) : l));
    if (decoded.every((l): l is string => l !== null)) view.unicodeHost = `${decoded.join('.')}${port}`;
  }
  return view;
}
