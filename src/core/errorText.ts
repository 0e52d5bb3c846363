/**
 * The one way anything thrown becomes text (for a message to people, a log line, a reason kept with a
 * record): an Error's message, a thrown string as it is, anything else as `String()` gives it, or
 * `fallback` when there is one and there would be no useful text (an empty message, a thrown object).
 */
export function errorText(e: unknown, fallback?: string): string {
  if (e instanceof Error) return e.message || (fallback ?? e.message);
  if (typeof e === 'string') return e || (fallback ?? e);
  return fallback ?? String(e);
}
