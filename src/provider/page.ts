// The page provider: runs in the page's MAIN world at document_start (entrypoints/provider.content.ts).
// It only posts messages to the relay; every decision is the background's. Page-facing: imports
// nothing but ./protocol (no zod, no noble) to keep it small.
import {
  ANNOUNCE_PROVIDER_EVENT,
  type AnnounceDetail,
  ERROR_CODES,
  type IntentsProvider,
  isProviderError,
  MAX_METHOD_LENGTH,
  PAGE_CHANNEL,
  type PageRequest,
  PROVIDER_GLOBAL,
  PROVIDER_ICON,
  PROVIDER_NAME,
  PROVIDER_RDNS,
  type ProviderListener,
  providerRpcError,
  RELAY_CHANNEL,
  REQUEST_PROVIDER_EVENT,
  type RequestArguments,
} from './protocol';

function uuidV4(): string {
  const b = crypto.getRandomValues(new Uint8Array(16)); // randomUUID needs a secure context
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Defines `window.intentsCompanion` (non-writable, non-configurable), answers discovery requests and
 * announces once. Returns undefined when something already owns the name.
 */
export function installProvider(win: Window = window): IntentsProvider | undefined {
  if (Object.hasOwn(win, PROVIDER_GLOBAL)) return undefined;

  // Bound now, before any page script can replace them.
  const post = win.postMessage.bind(win);
  // As in the relay: postMessage cannot target an opaque or file: origin ('file://' in Chromium).
  const targetOrigin = /^https?:\/\//.test(win.location.origin) ? win.location.origin : '*';
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const listeners = new Map<string, Set<ProviderListener>>();
  let nextId = 1;

  win.addEventListener('message', (event: MessageEvent) => {
    const data: unknown = event.data;
    if (event.source !== win || typeof data !== 'object' || data === null) return;
    const msg = data as Record<string, unknown>;
    if (msg.channel !== RELAY_CHANNEL) return;
    if (typeof msg.event === 'string') {
      for (const fn of listeners.get(msg.event) ?? []) {
        try {
          fn(msg.data);
        } catch (err) {
          console.error(err);
        }
      }
      return;
    }
    const entry = typeof msg.id === 'number' ? pending.get(msg.id) : undefined;
    if (!entry) return;
    pending.delete(msg.id as number);
    if (isProviderError(msg.error)) entry.reject(providerRpcError(msg.error));
    else entry.resolve(msg.result);
  });

  const provider: IntentsProvider = Object.freeze({
    isIntentsCompanion: true as const,
    request(args: RequestArguments): Promise<unknown> {
      if (
        typeof args !== 'object' ||
        args === null ||
        typeof args.method !== 'string' ||
        !args.method ||
        args.method.length > MAX_METHOD_LENGTH
      ) {
        return Promise.reject(
          providerRpcError({
            code: ERROR_CODES.invalidParams,
            message: `request() expects { method: string (≤ ${MAX_METHOD_LENGTH} chars), params? }`,
          }),
        );
      }
      return new Promise((resolve, reject) => {
        const id = nextId++;
        const msg: PageRequest = { channel: PAGE_CHANNEL, id, method: args.method };
        if (args.params !== undefined) msg.params = args.params;
        pending.set(id, { resolve, reject });
        try {
          post(msg, targetOrigin);
        } catch {
          pending.delete(id);
          reject(
            providerRpcError({ code: ERROR_CODES.invalidParams, message: 'params cannot be sent (not cloneable)' }),
          );
        }
      });
    },
    on(event: string, fn: ProviderListener) {
      if (typeof fn === 'function') {
        let set = listeners.get(event);
        if (!set) {
          set = new Set();
          listeners.set(event, set);
        }
        set.add(fn);
      }
      return provider;
    },
    off(event: string, fn: ProviderListener) {
      listeners.get(event)?.delete(fn);
      return provider;
    },
  });

  Object.defineProperty(win, PROVIDER_GLOBAL, {
    value: provider,
    writable: false,
    configurable: false,
    enumerable: true,
  });

  const info = Object.freeze({ uuid: uuidV4(), name: PROVIDER_NAME, icon: PROVIDER_ICON, rdns: PROVIDER_RDNS });
  const detail: AnnounceDetail = Object.freeze({ info, provider });
  const announce = () => win.dispatchEvent(new CustomEvent(ANNOUNCE_PROVIDER_EVENT, { detail }));
  win.addEventListener(REQUEST_PROVIDER_EVENT, announce);
  announce();
  return provider;
}
