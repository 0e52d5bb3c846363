/** How an origin is shown to people: punycode decoded and flagged, plain http flagged (issue 5 §5). */
import type { OriginView } from '../provider/approvalApi';

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;

/** RFC 3492 decoding of one `xn--` label's payload. Returns null for malformed input. */
export function decodePunycodeLabel(input: string): string | null {
  const output: number[] = [];
  let n = 128;
  let i = 0;
  let bias = 72;
  const basic = input.lastIndexOf('-');
  for (let j = 0; j < Math.max(basic, 0); j++) {
    const c = input.charCodeAt(j);
    if (c >= 0x80) return null;
    output.push(c);
  }
  for (let idx = basic > 0 ? basic + 1 : 0; idx < input.length; ) {
    const oldi = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (idx >= input.length) return null;
      const c = input.charCodeAt(idx++);
      const digit = c - 48 < 10 ? c - 22 : c - 65 < 26 ? c - 65 : c - 97 < 26 ? c - 97 : BASE;
      if (digit >= BASE) return null;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
    }
    const len = output.length + 1;
    let delta = oldi === 0 ? Math.floor((i - oldi) / DAMP) : (i - oldi) >> 1;
    delta += Math.floor(delta / len);
    let k = 0;
    while (delta > ((BASE - T_MIN) * T_MAX) >> 1) {
      delta = Math.floor(delta / (BASE - T_MIN));
      k += BASE;
    }
    bias = Math.floor(k + ((BASE - T_MIN + 1) * delta) / (delta + SKEW));
    n += Math.floor(i / len);
    i %= len;
    if (n > 0x10ffff) return null;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

export function originView(origin: string): OriginView {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return { origin, host: origin, punycode: false, insecure: true };
  }
  const labels = url.hostname.split('.');
  const punycode = labels.some((l) => l.startsWith('xn--'));
  const host = labels.map((l) => (l.startsWith('xn--') ? (decodePunycodeLabel(l.slice(4)) ?? l) : l)).join('.');
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  return { origin, host: url.port ? `${host}:${url.port}` : host, punycode, insecure: url.protocol !== 'https:' && !local };
}
