// Small display helpers.

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

/** "14:05 (in 12 min)" for the auto-lock deadline. */
export function describeLockAt(lockAt: number, now: number, timeOf: (ms: number) => string): string {
  const left = lockAt - now;
  const inWords = left < 60_000 ? 'in under a minute' : `in ${Math.round(left / 60_000)} min`;
  return `${timeOf(lockAt)} (${inWords})`;
}

export function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
