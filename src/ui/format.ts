// Small display helpers: dates and times in the person's locale (./i18n.ts).
import { t, uiLocale } from './i18n';

/** `ed25519:AbCd…WxYz`: enough to tell keys apart; the full key goes in a title or a copy button. */
export function shortKey(publicKey: string): string {
  const colon = publicKey.indexOf(':');
  const body = colon === -1 ? publicKey : publicKey.slice(colon + 1);
  const prefix = colon === -1 ? '' : publicKey.slice(0, colon + 1);
  return body.length <= 14 ? publicKey : `${prefix}${body.slice(0, 6)}…${body.slice(-6)}`;
}

/** Long account ids (implicit ones are 64 hex chars) shortened the same way. */
export function shortAccount(accountId: string): string {
  return accountId.length <= 24 ? accountId : `${accountId.slice(0, 8)}…${accountId.slice(-8)}`;
}

// Made on first use, not as the page's script evaluates: the first Intl formatter of a renderer process
// loads the locale data (about 100 ms in Chromium), which a page whose first screen shows no relative
// time should not wait for (docs/architecture.md, "Budgets").
let relative: Intl.RelativeTimeFormat | undefined;
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/**
 * The one relative-time formatter of the pages: "in 4 minutes", "2 hours ago", "now". The largest unit
 * that fits, counted toward now (4 min 59 s is "in 4 minutes"), so a deadline never looks further away
 * than it is. In the person's language.
 */
export function relativeTime(target: number, now: number): string {
  const diff = target - now;
  const [unit, size] = UNITS.find(([, size]) => Math.abs(diff) >= size) ?? ['second', 1000];
  const n = Math.trunc(diff / size);
  if (n === 0) return t('time_now');
  relative ??= new Intl.RelativeTimeFormat(uiLocale(), { numeric: 'always', style: 'long' });
  return relative.format(n, unit);
}

/** "14:05 (in 12 minutes)" for the auto-lock deadline. */
export function describeLockAt(lockAt: number, now: number, timeOf: (ms: number) => string): string {
  return t('time_lockAt', timeOf(lockAt), relativeTime(lockAt, now));
}

export function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString(uiLocale(), { hour: '2-digit', minute: '2-digit' });
}
