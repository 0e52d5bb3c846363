// The relay: isolated-world content script logic (entrypoints/relay.content.ts) between the page
// provider (window.postMessage) and the background (runtime messages). It trusts nothing from the
// page: only same-window messages on the page channel with a sane shape pass, and params are rebuilt
// as plain JSON data before they leave. The background parses them again with zod.
// Page-facing: imports nothing but ./protocol.
import {
  type BackgroundPush,
  ERROR_CODES,
  errorReply,
  isDeferredReply,
  isRuntimeReply,
  MAX_METHOD_LENGTH,
  PAGE_CHANNEL,
  RELAY_CHANNEL,
  type RelayMessage,
  type RequestId,
  type RuntimeReply,
} from './protocol';
import type { SendToBackground } from './rpc';

/**
 * Subscribes to what the background pushes to this tab (browser.runtime.onMessage in the extension).
 * The listener's return value, when not undefined, is the synchronous answer (a `probe`'s).
 */
export type ListenToBackground = (fn: (message: unknown) => boolean | undefined) => void;

/** The part of `window` the relay uses. */
export interface RelayWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  postMessage(message: unknown, targetOrigin: string): void;
  readonly location: { readonly origin: string };
}

const MAX_DEPTH = 32;

class WireError extends Error {}

const tag = (v: unknown) => Object.prototype.toString.call(v);

/** Rebuilds a structured-cloned value as JSON data; Uint8Array/ArrayBuffer become number[]. */
export function toWire(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new WireError('params nest too deeply');
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new WireError('params hold a non-finite number');
    return value;
  }
  // tag() rather than instanceof: values from the page belong to another realm in Firefox.
  const kind = tag(value);
  if (kind === '[object Uint8Array]') return Array.from(value as Uint8Array);
  if (kind === '[object ArrayBuffer]') return Array.from(new Uint8Array(value as ArrayBuffer));
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : toWire(v, depth + 1)));
  if (kind === '[object Object]') {
    const entries: [string, unknown][] = [];
    for (const key of Object.keys(value as object)) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) entries.push([key, toWire(v, depth + 1)]);
    }
    return Object.fromEntries(entries); // own data properties, even for a key named __proto__
  }
  throw new WireError(`params hold an unsupported value (${typeof value === 'object' ? kind : typeof value})`);
}

function readRequest(data: unknown): { id: RequestId; method: string; params: unknown } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record<string, unknown>;
  if (m.channel !== PAGE_CHANNEL || !Number.isSafeInteger(m.id)) return undefined;
  if (typeof m.method !== 'string' || m.method.length === 0 || m.method.length > MAX_METHOD_LENGTH) return undefined;
  return { id: m.id as number, method: m.method, params: m.params };
}

/** A fresh document token (see RuntimeMessage.doc in ./protocol). */
export function newDocToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How often a relay with requests waiting for the user checks that the extension is still there. */
export const CONTEXT_CHECK_MS = 1000;

/**
 * `contextAlive`: whether this content script's extension context still exists (false once the
 * extension was reloaded, updated or turned off: `runtime.id` is then gone, per the extension docs).
 * A request waiting for the user would otherwise never be answered; it gets 4900 within a check.
 */
export function installRelay(
  win: RelayWindow,
  send: SendToBackground,
  listen?: ListenToBackground,
  doc: string = newDocToken(),
  contextAlive: () => boolean = () => true,
): void {
  // postMessage takes only a serialisable origin: opaque ('null') and file: origins ('file://' in
  // Chromium, which postMessage cannot match) get '*'; they are told only that they may not ask.
  const targetOrigin = /^https?:\/\//.test(win.location.origin) ? win.location.origin : '*';
  /** Requests waiting for the user: approval id → the page's request id. */
  const deferred = new Map<string, RequestId>();

  let watch: ReturnType<typeof setInterval> | undefined;
  const watchContext = () => {
    watch ??= setInterval(() => {
      if (deferred.size > 0 && contextAlive()) return;
      if (deferred.size > 0) {
        const reply = errorReply(
          ERROR_CODES.disconnected,
          'The extension was reloaded or turned off while this request waited; reload the page',
        );
        for (const id of deferred.values()) answer(id, reply);
        deferred.clear();
      }
      clearInterval(watch);
      watch = undefined;
    }, CONTEXT_CHECK_MS);
  };

  const answer = (id: RequestId, reply: RuntimeReply) => {
    const msg: RelayMessage = reply.ok
      ? { channel: RELAY_CHANNEL, id, result: reply.result }
      : { channel: RELAY_CHANNEL, id, error: reply.error };
    win.postMessage(msg, targetOrigin);
  };

  win.addEventListener('message', (event) => {
    if (event.source !== win) return;
    const req = readRequest(event.data);
    if (!req) return;
    let params: unknown;
    try {
      params = req.params === undefined ? undefined : toWire(req.params);
    } catch (err) {
      if (!(err instanceof WireError)) throw err;
      answer(req.id, errorReply(ERROR_CODES.invalidParams, err.message));
      return;
    }
    const message = params === undefined ? { method: req.method, doc } : { method: req.method, params, doc };
    // A synchronous throw (e.g. a message over the browser's size limit) becomes a rejection too.
    void Promise.resolve()
      .then(() => send({ type: 'request', ...message }))
      .then(
        (response) => {
          if (isDeferredReply(response)) {
            deferred.set(response.approvalId, req.id);
            watchContext();
          } else
            answer(
              req.id,
              isRuntimeReply(response)
                ? response
                : errorReply(ERROR_CODES.disconnected, 'The extension did not answer'),
            );
        },
        (err: unknown) =>
          answer(
            req.id,
            /size/i.test(String((err as { message?: unknown } | null)?.message))
              ? errorReply(ERROR_CODES.invalidParams, 'params are too large')
              : errorReply(ERROR_CODES.disconnected, 'The extension is unreachable; reload the page'),
          ),
      );
  });

  listen?.((raw) => {
    const push = raw as BackgroundPush | null;
    if (typeof push !== 'object' || push === null) return undefined;
    // Meant for an earlier document of this tab (or frame): not ours to hear.
    if (push.doc !== doc) return push.type === 'probe' ? false : undefined;
    if (push.type === 'probe') return true;
    if (push.type === 'approvalResult' && isRuntimeReply(push.reply)) {
      const id = deferred.get(push.approvalId);
      if (id === undefined) return;
      deferred.delete(push.approvalId);
      answer(id, push.reply);
    } else if (push.type === 'providerEvent' && typeof push.event === 'string') {
      const msg: RelayMessage = { channel: RELAY_CHANNEL, event: push.event, data: push.data };
      win.postMessage(msg, targetOrigin);
    }
    return undefined;
  });
}
