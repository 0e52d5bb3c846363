/**
 * Deadlines are RFC 3339 strings (the verifier's `Timestamp`/`Deadline` types). We write UTC with
 * millisecond precision (`Date.toISOString()`), and read any RFC 3339 form down to nanoseconds, because
 * the versioned nonce stores its deadline in nanoseconds (docs/protocol.md, "Nonces": sub-millisecond digits).
 */
import { ProtocolError } from './errors';

const RFC3339_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|z|[+-]\d{2}:\d{2})$/;

/** Parses an RFC 3339 timestamp to Unix nanoseconds (bigint), rejecting impossible dates. */
export function parseDeadlineNs(text: string): bigint {
  const m = RFC3339_RE.exec(text);
  if (!m) throw new ProtocolError(`'${text}' is not an RFC 3339 timestamp`, 'deadline');
  const [, y, mo, d, h, mi, s, frac = '', zone] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(ms);
  if (
    Number.isNaN(ms) ||
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    throw new ProtocolError(`'${text}' is not a valid date`, 'deadline');
  }
  let offsetMin = 0;
  if (zone && zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    offsetMin = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  }
  const fracNs = BigInt(frac.padEnd(9, '0') || '0');
  return (BigInt(ms) - BigInt(offsetMin) * 60_000n) * 1_000_000n + fracNs;
}

export function parseDeadline(text: string): Date {
  return new Date(Number(parseDeadlineNs(text) / 1_000_000n));
}

/** RFC 3339 UTC with milliseconds, the form the official SDK writes. */
export function formatDeadline(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new ProtocolError('deadline is not a valid date', 'deadline');
  return date.toISOString();
}
