// The popup drawn from the status snapshot (src/ui/pages/Popup.tsx `first`): the background's answer
// replaces it, and a snapshot the background never confirmed is not left on screen when the answer
// fails. Rendered with Preact into a linkedom document; the wallet client is the only stand-in.
import { parseHTML } from 'linkedom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WalletStatus } from '../../../src/api/walletApi';

const { window, document } = parseHTML('<!doctype html><html><body><div id="app"></div></body></html>');
Object.assign(globalThis, {
  window,
  document,
  Node: window.Node,
  Element: window.Element,
  HTMLElement: window.HTMLElement,
  Event: window.Event,
});
// Preact's effects wait for a frame; linkedom has none.
Object.assign(globalThis, {
  requestAnimationFrame: (fn: () => void) => setTimeout(fn, 0),
  cancelAnimationFrame: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
});

let answer: () => Promise<WalletStatus>;
vi.mock('../../../src/ui/wallet', async (original) => ({
  ...(await original<typeof import('../../../src/ui/wallet')>()),
  wallet: new Proxy(
    {},
    { get: (_t, name) => (name === 'status' ? () => answer() : () => new Promise(() => undefined)) },
  ),
}));
const { render } = await import('preact');
const { Popup } = await import('../../../src/ui/pages/Popup');

const unlocked: WalletStatus = {
  exists: true,
  unlocked: true,
  accounts: [{ accountId: 'alice.near', label: 'Main', kind: 'named', publicKeys: ['ed25519:pk'] }],
  selectedAccountId: 'alice.near',
  lockAt: Date.now() + 60_000,
  autoLockMinutes: 15,
  phrasesToBackUp: [],
  recovery: { phraseId: null, outsidePhrase: [], keysToBackUp: [] },
  problem: null,
  storeProblems: [],
};
const locked: WalletStatus = { ...unlocked, unlocked: false, accounts: [], selectedAccountId: null, lockAt: null };

const app = () => document.getElementById('app')!;
const shown = (testid: string) => app().querySelector(`[data-testid="${testid}"]`) !== null;
/** Until `check` holds (the answer and Preact's re-render are a few tasks away). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 0));
  expect(check()).toBe(true);
}

beforeEach(() => render(null, app()));
afterEach(() => render(null, app()));

describe('popup drawn from the snapshot', () => {
  it('draws the snapshot at once, then what the background answers', async () => {
    let settle!: (s: WalletStatus) => void;
    answer = () => new Promise((resolve) => (settle = resolve));
    render(<Popup first={unlocked} />, app());
    expect(app().textContent).toContain('Main'); // the account switcher, from the snapshot
    settle(locked);
    await until(() => shown('unlock'));
    expect(app().textContent).not.toContain('Main');
  });

  it('does not keep an unconfirmed snapshot on screen when the background fails to answer', async () => {
    answer = () => Promise.reject(new Error('The extension is unreachable; reload the page'));
    render(<Popup first={unlocked} />, app());
    await until(() => shown('status-error'));
    expect(app().textContent).not.toContain('Main');
    expect(app().textContent).toContain('unreachable');
  });

  it('keeps the screen the background confirmed when a later refresh fails', async () => {
    answer = async () => unlocked;
    render(<Popup first={unlocked} />, app());
    await until(() => app().textContent!.includes('Main'));
    answer = () => Promise.reject(new Error('busy'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new window.Event('visibilitychange')); // the popup asks again when shown
    await until(() => shown('status-error'));
    expect(app().textContent).toContain('Main');
  });
});
