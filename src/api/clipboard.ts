// The clipboard guard's wire (docs/security.md, "Nothing left behind: the clipboard"): a page of the
// wallet that put a secret on the clipboard holds a runtime port named CLIPBOARD_PORT to the background,
// which owns the timer and clears the clipboard when the timer fires or the page goes away. The secret
// itself never crosses: the messages only say that a secret was copied, or that something else replaced it.
import * as z from 'zod/mini';

export const CLIPBOARD_PORT = 'clipboard-guard';
/** How long a copied secret may stay on the clipboard while the page that copied it is open. */
export const CLIPBOARD_CLEAR_SECONDS = 60;

/**
 * Page → background. `copied`: a secret was just copied (the timer starts again); `watching`: the page
 * connects again after a worker stop, the timer untouched; `replaced`: the page put something that is not
 * secret over it, so nothing is left to clear.
 */
export type GuardRequest = { type: 'copied' | 'watching' | 'replaced' };
const GUARD_REQUESTS: readonly unknown[] = ['copied', 'watching', 'replaced'] satisfies GuardRequest['type'][];

/**
 * A page's message as a GuardRequest, or null: exactly `{ type }` with one of its values, as a zod
 * strictObject of the enum would read it. Checked by hand because the worker script every wake-up
 * loads carries no zod (docs/architecture.md, "Start-up").
 */
export function guardRequestOf(raw: unknown): GuardRequest | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const keys = Object.keys(raw);
  const type = (raw as { type?: unknown }).type;
  return keys.length === 1 && keys[0] === 'type' && GUARD_REQUESTS.includes(type)
    ? { type: type as GuardRequest['type'] }
    : null;
}

/**
 * Background → page. `guarding`: a clear is due; `cleared`: the clipboard was cleared; `released`: nothing
 * is due any more (something else replaced the secret); `failed`: the browser refused to clear it.
 */
export const guardNewsSchema = z.lazy(() =>
  z.strictObject({ type: z.enum(['guarding', 'cleared', 'released', 'failed']) }),
);
export type GuardNews = z.output<typeof guardNewsSchema>;

/**
 * Background → the Chromium offscreen document that writes the clipboard for it (a worker has none). The
 * document answers exactly `true` once the clipboard is cleared; the background takes nothing else for it.
 */
export const ERASE_MESSAGE = { type: 'clipboard_erase' } as const;
export const eraseMessageSchema = z.lazy(() => z.strictObject({ type: z.literal(ERASE_MESSAGE.type) }));
