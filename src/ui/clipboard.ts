// The page's side of the clipboard guard (docs/security.md, "Nothing left behind: the clipboard"). A copy
// of secret text (with a secret CopyButton, or by hand from an element marked `data-secret`) opens a port
// to the background, which clears the clipboard 60 s later or when this page closes and the port goes
// with it. Anything else this page copies afterwards replaces the secret, and the clear is called off.
// The secret never leaves this page: the port carries only "copied", "watching" and "replaced".
import { type Browser, browser } from 'wxt/browser';
import { CLIPBOARD_PORT, type GuardRequest, guardNewsSchema } from '../api/clipboard';

/**
 * idle: no secret copied, or something else replaced it; arming: copied, the background not yet heard;
 * guarded: the background will clear it; cleared: it did; unguarded: the background could not be reached
 * or could not clear it, so the user must.
 */
export type GuardState = 'idle' | 'arming' | 'guarded' | 'cleared' | 'unguarded';

let state: GuardState = 'idle';
const watchers = new Set<(s: GuardState) => void>();
let port: Browser.runtime.Port | null = null;

export const guardState = (): GuardState => state;
export function onGuardState(fn: (s: GuardState) => void): () => void {
  watchers.add(fn);
  return () => void watchers.delete(fn);
}
function set(next: GuardState): void {
  state = next;
  for (const fn of watchers) fn(next);
}

/** Posts on `p`; false when the port is already gone (its onDisconnect may not have run yet). */
function send(p: Browser.runtime.Port, type: GuardRequest['type']): boolean {
  try {
    p.postMessage({ type } satisfies GuardRequest);
    return true;
  } catch {
    return false;
  }
}

function drop(): void {
  const p = port;
  port = null;
  p?.disconnect();
}

function connect(first: GuardRequest['type']): void {
  const p = browser.runtime.connect({ name: CLIPBOARD_PORT });
  port = p;
  let heard = false;
  p.onMessage.addListener((raw: unknown) => {
    const news = guardNewsSchema.safeParse(raw);
    if (!news.success || port !== p) return;
    heard = true;
    if (news.data.type === 'guarding') return set('guarded');
    set(news.data.type === 'cleared' ? 'cleared' : news.data.type === 'released' ? 'idle' : 'unguarded');
    drop();
  });
  const lost = () => {
    if (port !== p) return;
    port = null;
    // The worker stopped under a live guard: connect again (that starts a worker), leaving its timer as it is.
    if (heard && state === 'guarded') return connect('watching');
    if (state === 'arming') set('unguarded');
  };
  p.onDisconnect.addListener(lost);
  if (!send(p, first)) lost();
}

/** A secret is now on the clipboard: the background clears it in 60 s, or when this page closes. */
export function secretCopied(): void {
  watchCopies(document);
  set('arming');
  if (!port || !send(port, 'copied')) connect('copied');
}

/** This page put something that is not secret on the clipboard: nothing of ours is left to clear. */
export function replacedSecret(): void {
  if (port) send(port, 'replaced');
  if (state !== 'idle') set('idle');
}

/** Copies `text`; a secret is then guarded, anything else calls a pending clear off. */
export async function copyText(text: string, secret: boolean): Promise<void> {
  await navigator.clipboard.writeText(text);
  if (secret) secretCopied();
  else replacedSecret();
}

/** Whether the copy or cut takes text from an element marked `data-secret` (a field, or any part of a selection). */
function copiesSecret(e: Event, doc: Document): boolean {
  const target = e.target instanceof doc.defaultView!.Element ? e.target : null;
  if (target?.closest('[data-secret]')) return true;
  const selection = doc.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return false;
  const secrets = [...doc.querySelectorAll('[data-secret]')];
  for (let i = 0; i < selection.rangeCount; i++) {
    const range = selection.getRangeAt(i);
    if (secrets.some((el) => range.intersectsNode(el))) return true;
  }
  return false;
}

const watched = new WeakSet<Document>();
/**
 * Copies by hand (keyboard, context menu) in `doc`: from secret text they arm the guard, from anything else
 * they replace the secret. Installed once per document, by the first secret shown or copied.
 */
export function watchCopies(doc: Document): void {
  if (watched.has(doc)) return;
  watched.add(doc);
  const onCopy = (e: Event) => {
    if (!copiesSomething(e, doc)) return;
    if (copiesSecret(e, doc)) secretCopied();
    else replacedSecret();
  };
  doc.addEventListener('copy', onCopy);
  doc.addEventListener('cut', onCopy);
}

/** An empty selection copies nothing, nor does a password field: either leaves the clipboard as it was. */
function copiesSomething(e: Event, doc: Document): boolean {
  const t = e.target;
  if (t instanceof doc.defaultView!.HTMLInputElement && t.type === 'password') return false;
  if (t instanceof doc.defaultView!.HTMLInputElement || t instanceof doc.defaultView!.HTMLTextAreaElement)
    return t.selectionStart !== t.selectionEnd;
  return (doc.getSelection()?.toString() ?? '') !== '';
}
