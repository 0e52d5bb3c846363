// The first asks of an extension page, made from its head (docs/architecture.md, "Budgets"): /early.js
// (entrypoints/early.ts) is a classic script listed before the page's module in popup.html,
// sidepanel.html and approve.html. It runs while the page is still being parsed and its module fetched
// and compiled, tens of milliseconds before that module can run, and leaves its asks here; the module
// takes them (./early.ts). A page whose head script did not run asks for itself. Keep it small: it is
// fetched and run before anything of the page is shown.
import { APPROVAL } from '../api/approvalApi';
import { STATUS_SNAPSHOT_KEY } from '../api/statusSnapshot';
import type { RuntimeReply } from '../provider/protocol';
import { exchange } from '../provider/rpc';

/** The popup's (and side panel's) status snapshot; the approval window's request to show. */
export interface HeadAsks {
  snapshot?: Promise<unknown>;
  current?: Promise<RuntimeReply>;
}

/** The part of the extension's `chrome` the head script uses. */
export interface HeadBrowser {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  storage: { session: { get(key: string): Promise<Record<string, unknown>> } };
}

/** A registered symbol: the head script and the page's module are two bundles of one page. */
const HANDED = Symbol.for('intents-companion.headAsks');

/** Run by /early.js in the page at `path`: its ask, at once. */
export function askFromHead(browser: HeadBrowser, path: string): void {
  const asks: HeadAsks = path.endsWith('/approve.html')
    ? { current: exchange((m) => browser.runtime.sendMessage(m), { type: 'request', method: APPROVAL.current }) }
    : { snapshot: browser.storage.session.get(STATUS_SNAPSHOT_KEY).then((items) => items[STATUS_SNAPSHOT_KEY]) };
  // Read by the module, which handles a failure; until then a failed read is no unhandled rejection.
  asks.snapshot?.catch(() => undefined);
  (globalThis as Record<symbol, unknown>)[HANDED] = asks;
}

/** The head's asks, taken once: a later caller asks for itself. */
export function takeHeadAsks(): HeadAsks {
  const scope = globalThis as Record<symbol, unknown>;
  const asks = scope[HANDED] as HeadAsks | undefined;
  delete scope[HANDED];
  return asks ?? {};
}
