// What the popup and the approval window ask for before their app's code is loaded (docs/architecture.md,
// "Budgets"): a small classic script (entrypoints/popup-early.ts, approve-early.ts), loaded `async` from
// the page's <head>, sends the requests while the browser is still loading the app's modules, and leaves
// the pending answers in a slot on the page's global object, from which the app takes each once. If the
// app runs first (the slot is empty), it asks the background itself. Keep this module small: no Preact,
// no zod, nothing the first request does not need.
import { WALLET } from '../provider/walletApi';
import { APPROVAL } from '../provider/approvalApi';
import { STATUS_SNAPSHOT_KEY } from '../provider/statusSnapshot';
import type { RuntimeReply } from '../provider/protocol';
import { askBackground, readSession } from './messaging';

interface Answers {
  status?: Promise<RuntimeReply> | undefined;
  snapshot?: Promise<unknown> | undefined;
  current?: Promise<RuntimeReply> | undefined;
}

const SLOT = '__intentsCompanionEarly';
const slot = (): Answers => ((globalThis as unknown as Record<string, Answers | undefined>)[SLOT] ??= {});

/** The popup: wallet_status from the background and the status it mirrored into storage.session. */
export function askStatusEarly(): void {
  const s = slot();
  s.snapshot = readSession(STATUS_SNAPSHOT_KEY).catch(() => undefined);
  s.status = askBackground({ type: 'request', method: WALLET.status });
}

/** The approval window: the request to show. */
export function askCurrentEarly(): void {
  slot().current = askBackground({ type: 'request', method: APPROVAL.current });
}

function take<K extends keyof Answers>(key: K): Answers[K] {
  const s = slot();
  const p = s[key];
  s[key] = undefined;
  return p;
}

/** Each early answer is taken once (undefined when none was asked); later askers go to the background. */
export const early = {
  status: () => take('status'),
  snapshot: () => take('snapshot'),
  current: () => take('current'),
};
