// Red team: the swap service's answers, rewritten on their way to the wallet by a proxy in front of the
// simulator: an attacker on the network path, or the service's operator (docs/security.md, "A service's
// answer counts only after the wallet checked it"). A quote whose signature is not the service's key,
// whose deposit address was changed under the service's signature, or which answers another request
// than the one the wallet sent (a recipient changed and re-signed by a key the wallet trusts) is refused
// before its deposit address is shown or stored: the popup never renders it, storage never holds it.
// Paying from the intents account checks the service's proposal against the swap's signed quote, read
// again and verified when paying, never against fields of the stored record that storage could change.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { SwapRecordView } from '../../../src/api/swapApi';
import { WALLET } from '../../../src/api/walletApi';
import { formatPublicKey, generateKeyPair, type KeyPair, signQuote } from '../../../src/core';
import type { RunningSimulator } from '../../../src/sim/server';
import { type Extension, launchExtension } from '../fixtures';
import { balances, fund, TEN_WNEAR, WNEAR } from '../provider-helpers';
import { expect, pick, pointAtSimulator, test, walletCall } from '../sim';
import {
  domEverHeld,
  editStorageLocal,
  intentsSwap,
  realRequests,
  recordDom,
  startTamperingProxy,
  storageLocal,
  type Tamper,
  type TamperingProxy,
} from './helpers';

const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const TIMEOUT = 20_000;
/** An address of the attacker on the origin chain (Ethereum). */
const ATTACKER_EVM = '0x000000000000000000000000000000000000dEaD';
const ATTACKER = 'mallory.near';

type Json = Record<string, unknown>;
const isStart = (path: string, json: Json) =>
  path.startsWith('/v0/quote') && (json.quoteRequest as { dry?: boolean } | undefined)?.dry === false;
const isQuote = (path: string) => path.startsWith('/v0/quote');

/** Re-signs every quote answer with `key` after `change`: a service whose key the wallet was told to trust. */
const resigned =
  (key: KeyPair, change: Tamper): Tamper =>
  (path, json, req) => {
    change(path, json, req);
    if (isQuote(path)) json.signature = signQuote(json, key.secretSeed);
  };

/** The deposit addresses the simulator really gave (before any rewrite). */
const minted = (proxy: TamperingProxy) =>
  proxy
    .originals()
    .flatMap(({ path, json }) =>
      isStart(path, json) ? [(json.quote as { depositAddress: string }).depositAddress] : [],
    );

interface Session {
  extension: Extension;
  page: Page;
  accountId: string;
  close(): Promise<void>;
}

/** A fresh wallet whose swap service is `proxy`, trusting `quoteSigningKey`, on the popup's Swap tab. */
async function swapThrough(
  sim: RunningSimulator,
  proxy: TamperingProxy,
  quoteSigningKey: string,
  jwt = false,
): Promise<Session> {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await pointAtSimulator(page, extension, sim);
    const created = await walletCall<{ status: { selectedAccountId: string } }>(page, WALLET.create, {
      password: 'correct horse battery',
      source: { kind: 'generate' },
    });
    await walletCall(page, WALLET.setSettings, { endpoints: { swap: proxy.url }, quoteSigningKey });
    if (jwt) await walletCall(page, WALLET.setSettings, { jwt: sim.devJwt });
    await page.reload();
    await page.getByTestId('nav-swap').click();
    await expect(page.getByTestId('swap-origin')).toBeFocused({ timeout: 10_000 });
    return { extension, page, accountId: created.status.selectedAccountId, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** USDC on Ethereum → wNEAR to the account, 25 USDC; the dry quote shown; the DOM recorded from here on. */
async function askForAddress(page: Page): Promise<void> {
  await pick(page, 'origin', 'usdc eth', USDC_ETH);
  await pick(page, 'destination', 'wrap.near', WNEAR);
  await page.getByTestId('swap-amount').fill('25');
  await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: TIMEOUT });
  await recordDom(page);
  await page.getByTestId('swap-start').click();
}

/** The popup says why, and no address (the real one or the attacker's) was ever on screen or in storage. */
async function expectRefusedUnseen(
  s: Session,
  proxy: TamperingProxy,
  why: RegExp,
  alsoUnseen: string[] = [],
): Promise<void> {
  await expect(s.page.getByTestId('swap-start-error')).toContainText(why, { timeout: TIMEOUT });
  await expect(s.page.getByTestId('deposit-address')).toHaveCount(0);
  const addresses = [...minted(proxy), ...alsoUnseen];
  expect(minted(proxy), 'the simulator did mint an address').toHaveLength(1);
  const stored = await storageLocal(s.extension, s.page);
  for (const address of addresses) {
    expect(await domEverHeld(s.page, address), `${address} was never rendered`).toBe(false);
    expect(stored.includes(address), `${address} is not in storage`).toBe(false);
  }
  expect(await walletCall<SwapRecordView[]>(s.page, 'swap_list')).toEqual([]);
}

test.describe('quotes rewritten on the way', () => {
  test.describe.configure({ timeout: 90_000 });

  test('ANY_INPUT: a per-chain deposit address added to a genuinely signed quote (a field outside the signed set) is never shown', async ({
    sim,
  }) => {
    const proxy = await startTamperingProxy(sim.url, (path, json) => {
      if (!isQuote(path)) return;
      (json.quote as Json).chainDepositAddresses = [{ blockchain: 'eth', address: ATTACKER_EVM }];
    });
    // ANY_INPUT is for partners: the swap-service key is needed.
    const s = await swapThrough(sim, proxy, sim.quotePublicKey, true);
    try {
      await recordDom(s.page);
      await s.page.getByTestId('swap-options-toggle').click();
      await s.page.getByTestId('swap-advanced').locator('summary').click();
      await s.page.getByTestId('swap-any-input').check();
      await pick(s.page, 'destination', 'wrap.near', WNEAR);
      await expect(s.page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: TIMEOUT });
      await s.page.getByTestId('swap-start').click();
      await expect(s.page.getByTestId('deposit-any-input')).toBeVisible({ timeout: TIMEOUT });
      await expect(s.page.getByTestId('deposit-address')).toHaveText(minted(proxy)[0]!);
      expect(await domEverHeld(s.page, ATTACKER_EVM), 'the added address was never rendered').toBe(false);
    } finally {
      await s.close();
      await proxy.close();
    }
  });

  test('a `__proto__` member smuggled into a genuinely signed quote: its memo is never taken as the service’s', async ({
    sim,
  }) => {
    const SMUGGLED = 'memo-666';
    const proxy = await startTamperingProxy(sim.url, (path, json) => {
      if (!isStart(path, json)) return;
      // An own, enumerable member named __proto__, as the wire can carry it (JSON.stringify writes it out).
      Object.defineProperty(json.quote, '__proto__', {
        value: { depositMemo: SMUGGLED },
        enumerable: true,
        configurable: true,
        writable: true,
      });
    });
    const s = await swapThrough(sim, proxy, sim.quotePublicKey);
    try {
      await askForAddress(s.page);
      // Shown once the service answered the start (only then does the proxy know the minted address).
      const shown = s.page.getByTestId('deposit-address');
      await expect(shown).toBeVisible({ timeout: TIMEOUT });
      expect((await shown.innerText()).trim()).toBe(minted(proxy)[0]);
      expect(await domEverHeld(s.page, SMUGGLED), 'the smuggled memo was never rendered').toBe(false);
      const [swap] = await walletCall<SwapRecordView[]>(s.page, 'swap_list');
      expect(swap?.depositMemo ?? null).toBeNull();
    } finally {
      await s.close();
      await proxy.close();
    }
  });

  test('control: the same proxy passing answers through, the service’s key trusted: the swap starts and shows its address', async ({
    sim,
  }) => {
    const proxy = await startTamperingProxy(sim.url, () => undefined);
    const s = await swapThrough(sim, proxy, sim.quotePublicKey);
    try {
      await askForAddress(s.page);
      // The address shown first, then compared with the one the service minted (known only once it answered).
      await expect(s.page.getByTestId('deposit-address')).toBeVisible({ timeout: TIMEOUT });
      await expect(s.page.getByTestId('deposit-address')).toHaveText(minted(proxy)[0]!);
    } finally {
      await s.close();
      await proxy.close();
    }
  });

  test('a quote whose signature is not the service’s is refused before its address is shown or kept', async ({
    sim,
  }) => {
    const forger = generateKeyPair((n) => new Uint8Array(randomBytes(n)));
    // The whole answer signed again, by a key that is not the service's.
    const proxy = await startTamperingProxy(sim.url, (path, json) => {
      if (isStart(path, json)) json.signature = signQuote(json, forger.secretSeed);
    });
    const s = await swapThrough(sim, proxy, sim.quotePublicKey);
    try {
      await askForAddress(s.page);
      await expectRefusedUnseen(s, proxy, /not signed by the swap service’s key/);
    } finally {
      await s.close();
      await proxy.close();
    }
  });

  test('a deposit address changed under the service’s signature is refused before it is shown or kept', async ({
    sim,
  }) => {
    const proxy = await startTamperingProxy(sim.url, (path, json) => {
      if (isStart(path, json)) (json.quote as Json).depositAddress = ATTACKER_EVM;
    });
    const s = await swapThrough(sim, proxy, sim.quotePublicKey);
    try {
      await askForAddress(s.page);
      await expectRefusedUnseen(s, proxy, /not signed by the swap service’s key/, [ATTACKER_EVM]);
    } finally {
      await s.close();
      await proxy.close();
    }
  });

  test('a recipient changed in the echoed request, re-signed by a key the wallet trusts, is refused by the echo check', async ({
    sim,
  }) => {
    const trusted = generateKeyPair((n) => new Uint8Array(randomBytes(n)));
    const proxy = await startTamperingProxy(
      sim.url,
      resigned(trusted, (path, json) => {
        if (isStart(path, json)) (json.quoteRequest as Json).recipient = ATTACKER;
      }),
    );
    const s = await swapThrough(sim, proxy, formatPublicKey(trusted.publicKey));
    try {
      await askForAddress(s.page);
      // The dry quote, re-signed by the same key and not changed, was accepted: the signature is valid.
      await expectRefusedUnseen(s, proxy, new RegExp(`recipient is ${ATTACKER}, not ${s.accountId}`));
    } finally {
      await s.close();
      await proxy.close();
    }
  });

  test('a deposit address carrying a payment request of its own, signed by a key the wallet trusts, is refused before it is shown or kept', async ({
    sim,
  }) => {
    // `0x…?value=5&x=` in a QR made for EIP-681 would ask the scanning wallet for 5 whatever the quote says.
    const trusted = generateKeyPair((n) => new Uint8Array(randomBytes(n)));
    const proxy = await startTamperingProxy(
      sim.url,
      resigned(trusted, (path, json) => {
        if (!isStart(path, json)) return;
        const quote = json.quote as Json;
        quote.depositAddress = `${String(quote.depositAddress)}?value=5&x=`;
      }),
    );
    const s = await swapThrough(sim, proxy, formatPublicKey(trusted.publicKey));
    try {
      await askForAddress(s.page);
      await expectRefusedUnseen(s, proxy, /deposit address that is not an address on Ethereum/);
    } finally {
      await s.close();
      await proxy.close();
    }
  });

  test('a custom swap service without a quote signing key quotes nothing; the error names the setting, which Settings then takes', async ({
    sim,
  }) => {
    const proxy = await startTamperingProxy(sim.url, () => undefined);
    const s = await swapThrough(sim, proxy, sim.quotePublicKey);
    try {
      // Moving the swap service clears the key, as it clears credentials.
      const moved = await walletCall<{ quoteSigningKey: string | null }>(s.page, WALLET.setSettings, {
        endpoints: { swap: `${proxy.url}/` },
      });
      expect(moved.quoteSigningKey).toBeNull();
      await s.page.reload();
      await s.page.getByTestId('nav-swap').click();
      await pick(s.page, 'origin', 'usdc eth', USDC_ETH);
      await pick(s.page, 'destination', 'wrap.near', WNEAR);
      await s.page.getByTestId('swap-amount').fill('25');
      await expect(s.page.getByTestId('swap-quote-error')).toContainText(/quote signing key/i, { timeout: TIMEOUT });
      expect(realRequests(proxy.requests()).filter((r) => r.path.startsWith('/v0/quote'))).toEqual([]);
      // Settings shows no key; one entered there is what the next quote is checked with.
      await s.page.getByTestId('nav-settings').click();
      await s.page.getByTestId('settings-tab-advanced').click();
      const field = s.page.getByTestId('settings-quote-key');
      await expect(field).toHaveValue('');
      await field.fill('ed25519:not-a-key');
      await s.page.getByTestId('settings-network-save').click();
      await expect(s.page.getByText(/A public key looks like ed25519:/)).toBeVisible();
      await field.fill(sim.quotePublicKey);
      await s.page.getByTestId('settings-network-save').click();
      await expect(s.page.getByTestId('settings-network-status')).toContainText('saved');
      expect((await walletCall<{ quoteSigningKey: string | null }>(s.page, WALLET.getSettings)).quoteSigningKey).toBe(
        sim.quotePublicKey,
      );
      await s.page.getByTestId('nav-swap').click();
      await pick(s.page, 'origin', 'usdc eth', USDC_ETH);
      await pick(s.page, 'destination', 'wrap.near', WNEAR);
      await s.page.getByTestId('swap-amount').fill('25');
      await expect(s.page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: TIMEOUT });
    } finally {
      await s.close();
      await proxy.close();
    }
  });
});

test.describe('paying from the intents account checks the swap’s signed quote, not the stored record', () => {
  test.describe.configure({ timeout: 90_000 });
  const asked = 2n * 10n ** 24n;

  /** An INTENTS swap of 2 wNEAR started through `proxy` (the service's key trusted, a JWT for generate-intent). */
  async function intentsSwapThrough(sim: RunningSimulator, proxy: TamperingProxy) {
    const s = await swapThrough(sim, proxy, sim.quotePublicKey, true);
    await fund(sim, s.accountId, WNEAR, TEN_WNEAR);
    const swap = await walletCall<SwapRecordView>(s.page, 'swap_start', intentsSwap(s.accountId, String(asked)));
    return { s, swap };
  }

  /** Nothing shown as signable, nothing signed or submitted, the balance whole. */
  async function expectNotPaid(sim: RunningSimulator, s: Session, proxy: TamperingProxy, id: string, why: RegExp) {
    const preview = await walletCall(s.page, 'swap_previewPayment', { id }).then(
      () => 'shown as signable',
      (e: Error) => e.message,
    );
    expect(preview).toMatch(why);
    const pay = await walletCall(s.page, 'swap_payFromIntents', {
      id,
      reviewed: 'nothing was shown',
      acknowledgeDanger: true,
    }).then(
      () => 'paid',
      (e: Error) => e.message,
    );
    expect(pay).not.toBe('paid');
    expect(realRequests(proxy.requests()).map((r) => r.path.split('?')[0])).not.toContain('/v0/submit-intent');
    expect((await balances(sim, s.accountId))[WNEAR]).toBe(TEN_WNEAR);
  }

  test('a proposal paying another account, with the stored deposit address changed to match, is refused', async ({
    sim,
  }) => {
    const attacker = 'f'.repeat(64);
    let real = '';
    // The service writes the payment to the attacker; asked for the attacker's address, it asks the
    // simulator about the real one, so that the proposal comes.
    const proxy = await startTamperingProxy(
      sim.url,
      (path, json) => {
        if (!path.startsWith('/v0/generate-intent')) return;
        const payload = (json.intent as { payload: { message: string } }).payload;
        const message = JSON.parse(payload.message) as { intents: Json[] };
        message.intents[0]!.receiver_id = attacker;
        payload.message = JSON.stringify(message);
      },
      (req) =>
        req.path.startsWith('/v0/generate-intent')
          ? JSON.stringify({ ...(JSON.parse(req.body) as Json), depositAddress: real })
          : req.body,
    );
    const { s, swap } = await intentsSwapThrough(sim, proxy);
    try {
      real = swap.depositAddress;
      // Sealed records: with nothing to edit under the clear name, the writer forges a copy of the view there.
      await editStorageLocal(s.extension, s.page, `swap:${swap.id}`, (r) => ({
        ...((r ?? swap) as Json),
        depositAddress: attacker,
      }));
      await expectNotPaid(sim, s, proxy, swap.id, /deposit address|nothing was signed/);
      expect((await balances(sim, attacker))[WNEAR]).toBeUndefined();
    } finally {
      await s.close();
      await proxy.close();
    }
  });

  test('a proposal moving more, with the stored quote’s amount changed to match, is refused', async ({ sim }) => {
    const proxy = await startTamperingProxy(sim.url, (path, json) => {
      if (!path.startsWith('/v0/generate-intent')) return;
      const payload = (json.intent as { payload: { message: string } }).payload;
      const message = JSON.parse(payload.message) as { intents: Json[] };
      message.intents[0]!.tokens = { [WNEAR]: TEN_WNEAR };
      payload.message = JSON.stringify(message);
    });
    const { s, swap } = await intentsSwapThrough(sim, proxy);
    try {
      // Swap records are sealed (docs/security.md, "What storage keeps"): a writer without the wallet's key
      // finds nothing to edit under the clear name and writes a forged copy of the view there instead.
      await editStorageLocal(s.extension, s.page, `swap:${swap.id}`, (r) => {
        const record = (r ?? swap) as { quoteResponseJson: string };
        const quote = JSON.parse(record.quoteResponseJson) as { quote: Json };
        quote.quote.amountIn = TEN_WNEAR;
        return { ...record, quoteResponseJson: JSON.stringify(quote) };
      });
      await expectNotPaid(sim, s, proxy, swap.id, /not signed by the swap service’s key|nothing was signed/);
    } finally {
      await s.close();
      await proxy.close();
    }
  });

  test('a proposal paying the wrong amount or address, storage untouched, is refused', async ({ sim }) => {
    const rewrites: [string, (m: { intents: Json[] }) => void][] = [
      [
        'the wrong amount',
        (m) => {
          m.intents[0]!.tokens = { [WNEAR]: String(asked + 1n) };
        },
      ],
      [
        'the wrong address',
        (m) => {
          m.intents[0]!.receiver_id = ATTACKER;
        },
      ],
    ];
    for (const [what, rewrite] of rewrites) {
      const proxy = await startTamperingProxy(sim.url, (path, json) => {
        if (!path.startsWith('/v0/generate-intent')) return;
        const payload = (json.intent as { payload: { message: string } }).payload;
        const message = JSON.parse(payload.message) as { intents: Json[] };
        rewrite(message);
        payload.message = JSON.stringify(message);
      });
      const { s, swap } = await intentsSwapThrough(sim, proxy);
      try {
        await expectNotPaid(sim, s, proxy, swap.id, /proposed a payment that is not this swap's .*nothing was signed/);
      } catch (e) {
        throw new Error(`${what}: ${(e as Error).message}`);
      } finally {
        await s.close();
        await proxy.close();
      }
    }
  });
});
