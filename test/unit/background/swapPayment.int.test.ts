// Paying an INTENTS swap from the intents account (docs/services.md, "Paying a swap from the intents
// account"), through the router as the popup calls it, against the running simulator: the swap service's
// route (generate-intent → preview → Confirm → sign → submit-intent) with only the 1Click key, the bus
// route without it, one signature per payment across a lost answer, and a service that proposes
// anything but this swap's payment is refused before anything is shown as signable or signed.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type PaymentPreview, type QuoteParams, SWAP, type SwapRecordView } from '../../../src/api/swapApi';
import { type CreateResult, WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { recordSchema } from '../../../src/background/swaps/records';
import { SWAP_ALARM } from '../../../src/background/swaps/tracker';
import { base64, type FetchLike } from '../../../src/core';
import { swapParams } from '../reliability/helpers';
import {
  type Background,
  backgroundEnv,
  call,
  ONE_NEAR,
  PASSWORD,
  STEP_TIMING,
  simulatorWithClock,
  USDT_ETH,
  WNEAR,
} from './harness';

const { sim, clock } = simulatorWithClock();
beforeEach(() => fakeBrowser.reset());

interface Seen {
  path: string;
  body: unknown;
}
/** The network between the wallet and the simulator: records every request and may rewrite an answer. */
type Rewrite = (
  path: string,
  json: Record<string, unknown>,
  request: unknown,
) => Record<string, unknown> | 'lose' | undefined;

async function wallet(opts: { jwt: boolean; busKey: boolean; rewrite?: Rewrite; unknownPaths?: string[] }) {
  const seen: Seen[] = [];
  const env = backgroundEnv(clock);
  const fetchThrough: FetchLike = async (url, init) => {
    const path = new URL(url).pathname;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    seen.push({ path: path === '/rpc' ? `rpc:${(body as { method: string }).method}` : path, body });
    // A service without this endpoint answers as the live one does for unknown routes.
    if (opts.unknownPaths?.includes(path))
      return {
        status: 404,
        headers: new Headers(),
        text: async () => JSON.stringify({ message: `Cannot POST ${path}` }),
      };
    const res = await fetch(url, init);
    const text = await res.text();
    const changed = opts.rewrite?.(path, JSON.parse(text) as Record<string, unknown>, body);
    if (changed === 'lose') throw new TypeError('fetch failed');
    return { status: res.status, headers: res.headers, text: async () => (changed ? JSON.stringify(changed) : text) };
  };
  const bg = startBackground({ ...env, fetch: fetchThrough });
  const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  const accountId = created.status.accounts[0]!.accountId;
  await call(bg, WALLET.setSettings, {
    endpoints: {
      swap: sim.url,
      transactions: `${sim.url}/api/v0`,
      bus: `${sim.url}/rpc`,
      ledgerRpc: `${sim.url}/ledger-rpc`,
    },
    quoteSigningKey: sim.quotePublicKey,
    ...(opts.jwt ? { jwt: sim.devJwt } : {}),
    ...(opts.busKey ? { busApiKey: sim.busApiKey } : {}),
  });
  await dev('/dev/fund', { accountId, tokenId: WNEAR, amount: (2n * ONE_NEAR).toString() });
  const swap = await call<SwapRecordView>(bg, SWAP.start, intentsSwap(accountId));
  seen.length = 0;
  return { bg, accountId, swap, seen };
}

const intentsSwap = (accountId: string): QuoteParams =>
  swapParams(clock.now, {
    depositType: 'INTENTS',
    refundType: 'INTENTS',
    refundTo: accountId,
    recipientType: 'INTENTS',
    recipient: accountId,
    destinationAsset: USDT_ETH,
  });

async function dev(path: string, body: unknown) {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}
const balanceOf = async (accountId: string, tokenId = WNEAR) =>
  BigInt(
    (
      (await (await fetch(`${sim.url}/dev/balances?accountId=${accountId}`)).json()) as {
        balances: Record<string, string>;
      }
    ).balances[tokenId] ?? '0',
  );
const amountInOf = (r: SwapRecordView) =>
  BigInt((JSON.parse(r.quoteResponseJson) as { quote: { amountIn: string } }).quote.amountIn);

async function advance(_bg: Background, ms: number) {
  await dev('/dev/clock/advance', { ms });
  await fakeBrowser.alarms.onAlarm.trigger({
    name: SWAP_ALARM,
    scheduledTime: clock.now,
    periodInMinutes: undefined,
  } as never);
}

describe('the swap service writes the payment (generate-intent / submit-intent)', () => {
  it('with only the 1Click key: preview shows the transfer, Confirm signs it, submit-intent executes it, the swap ends SUCCESS', async () => {
    const { bg, accountId, swap, seen } = await wallet({ jwt: true, busKey: false });
    const amountIn = amountInOf(swap);
    const before = await balanceOf(accountId);

    const shown = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id });
    expect(shown).toMatchObject({
      route: 'service',
      signed: false,
      preview: { accountId, verifier: 'intents.sim', nonceKind: 'versioned' },
    });
    expect(shown.preview.intents.map((i) => i.intent)).toEqual([
      { intent: 'transfer', receiver_id: swap.depositAddress, tokens: { [WNEAR]: String(amountIn) } },
    ]);
    expect(shown.preview.simulation).toMatchObject({ ok: true });
    expect(seen.map((s) => s.path)).toContain('/v0/generate-intent');
    expect(seen.find((s) => s.path === '/v0/generate-intent')?.body).toEqual({
      type: 'swap_transfer',
      standard: 'nep413',
      signerId: accountId,
      depositAddress: swap.depositAddress,
    });
    // Nothing was signed or sent by looking.
    expect(await balanceOf(accountId)).toBe(before);

    // The person's own payment (docs/security.md, "Risk rules"): no danger, no tick; the receiver is
    // named as the swap's deposit account, checked against its signed quote.
    expect(shown.preview.level).toBe('info');
    expect(shown.preview.recipients).toEqual([{ accountId: swap.depositAddress, fact: 'swapDeposit' }]);
    const reviewed = shown.reviewed;
    const paid = await call<SwapRecordView>(bg, SWAP.payFromIntents, { id: swap.id, reviewed });
    expect(paid.paidIntentHash).toBe(reviewed);
    expect(paid.paidIntentHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const submitted = seen.find((s) => s.path === '/v0/submit-intent')?.body as {
      type: string;
      signedData: { payload: { nonce: string } };
    };
    expect(submitted.type).toBe('swap_transfer');
    // The nonce signed is the one the service wrote (its salt and expiry), not one the wallet made up.
    expect(JSON.parse(shown.preview.raw)).toMatchObject({ nonce: submitted.signedData.payload.nonce });
    expect(seen.some((s) => s.path.startsWith('rpc:'))).toBe(false);
    expect(await balanceOf(accountId)).toBe(before - amountIn);
    expect(await balanceOf(swap.depositAddress)).toBe(amountIn);
    await expect(call(bg, SWAP.payFromIntents, { id: swap.id, reviewed, acknowledgeDanger: true })).rejects.toThrow(
      /already paid/,
    );

    await advance(bg, STEP_TIMING.depositDetectMs);
    await advance(bg, STEP_TIMING.confirmMs);
    await advance(bg, STEP_TIMING.processMs);
    expect((await call<SwapRecordView>(bg, SWAP.get, { id: swap.id })).status).toBe('SUCCESS');
  });

  it('a Confirm naming an earlier review of the same payment (another popup reviewed it since) signs nothing', async () => {
    const { bg, accountId, swap } = await wallet({ jwt: true, busKey: false });
    const here = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id });
    const there = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id });
    expect(there.reviewed).not.toBe(here.reviewed);
    await expect(
      call(bg, SWAP.payFromIntents, { id: swap.id, reviewed: here.reviewed, acknowledgeDanger: true }),
    ).rejects.toMatchObject({ data: { field: 'reviewed' } });
    expect(await balanceOf(accountId)).toBe(2n * ONE_NEAR);
    expect(
      (
        await call<SwapRecordView>(bg, SWAP.payFromIntents, {
          id: swap.id,
          reviewed: there.reviewed,
          acknowledgeDanger: true,
        })
      ).paidIntentHash,
    ).toBe(there.reviewed);
  });

  it('Confirm without a preview signs nothing', async () => {
    const { bg, accountId, swap } = await wallet({ jwt: true, busKey: false });
    const before = await balanceOf(accountId);
    await expect(
      call(bg, SWAP.payFromIntents, { id: swap.id, reviewed: 'nothing reviewed', acknowledgeDanger: true }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/Review the payment first/),
      data: { words: { key: 'swapPay_reviewFirst' } },
    });
    expect(await balanceOf(accountId)).toBe(before);
  });

  it('an answer lost after the service executed it: the retry sends the same signature and the swap is paid once', async () => {
    // Every answer to submit-intent is lost during the first Confirm (the HTTP client's own retries too).
    let lose = true;
    const { bg, accountId, swap, seen } = await wallet({
      jwt: true,
      busKey: false,
      rewrite: (path) => (path === '/v0/submit-intent' && lose ? 'lose' : undefined),
    });
    const before = await balanceOf(accountId);
    const { reviewed } = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id });
    await expect(call(bg, SWAP.payFromIntents, { id: swap.id, reviewed, acknowledgeDanger: true })).rejects.toThrow();
    lose = false;
    // Shown again as the payment signed before, not written anew, under the same name.
    expect(await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id })).toMatchObject({
      route: 'service',
      signed: true,
      reviewed,
    });
    const paid = await call<SwapRecordView>(bg, SWAP.payFromIntents, { id: swap.id, reviewed });
    const sent = seen.filter((s) => s.path === '/v0/submit-intent').map((s) => JSON.stringify(s.body));
    expect(sent.length).toBeGreaterThan(1);
    expect(new Set(sent).size).toBe(1);
    expect(seen.filter((s) => s.path === '/v0/generate-intent')).toHaveLength(1);
    expect(paid.paidIntentHash).toEqual(expect.any(String));
    expect(await balanceOf(accountId)).toBe(before - amountInOf(swap));
  });
});

describe('a swap is paid only on the network it was made on (docs/security.md, "Networks")', () => {
  it('its record names the verifier; after the wallet moved to another network neither preview nor Confirm signs, and back on it the payment goes', async () => {
    const { bg, accountId, swap } = await wallet({ jwt: true, busKey: false });
    expect(swap.verifierId).toBe('intents.sim');
    const shown = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id });
    await call(bg, WALLET.setSettings, { verifierId: 'intents.near' });
    await expect(call(bg, SWAP.previewPayment, { id: swap.id })).rejects.toThrow(
      /made on Local \(intents\.sim\); the wallet is now on Mainnet/,
    );
    await expect(
      call(bg, SWAP.payFromIntents, { id: swap.id, reviewed: shown.reviewed, acknowledgeDanger: true }),
    ).rejects.toThrow(/made on Local/);
    expect(await balanceOf(accountId)).toBe(2n * ONE_NEAR);
    await call(bg, WALLET.setSettings, { verifierId: 'intents.sim' });
    const paid = await call<SwapRecordView>(bg, SWAP.payFromIntents, {
      id: swap.id,
      reviewed: shown.reviewed,
      acknowledgeDanger: true,
    });
    expect(paid.paidIntentHash).toBe(shown.reviewed);
  });

  it('a swap recorded before networks were kept apart (no verifier on record) is not paid from the intents account', async () => {
    const { bg, accountId, swap } = await wallet({ jwt: true, busKey: false });
    const key = `swap:${swap.id}`;
    const { verifierId: _made, ...legacy } = (await bg.local.read(key, recordSchema))!;
    await bg.local.write(key, legacy);
    await expect(call(bg, SWAP.previewPayment, { id: swap.id })).rejects.toThrow(
      /before the wallet recorded the network/,
    );
    expect(await balanceOf(accountId)).toBe(2n * ONE_NEAR);
  });
});

describe('a payment signature the ledger RPC saw without answering', () => {
  /** The ledger RPC takes simulate_intents (with the signed payment) and its answer never comes back while `lost()`. */
  const holdsSimulation =
    (lost: () => boolean): Rewrite =>
    (path, _answer, request) =>
      path === '/ledger-rpc' && lost() && JSON.stringify(request).includes('simulate_intents') ? 'lose' : undefined;

  it('is the payment from then on: shown again as signed, and Confirm sends that same signature; paid once', async () => {
    let lose = true;
    const { bg, accountId, swap, seen } = await wallet({
      jwt: true,
      busKey: false,
      rewrite: holdsSimulation(() => lose),
    });
    {
      const before = await balanceOf(accountId);
      const { reviewed } = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id });
      await expect(call(bg, SWAP.payFromIntents, { id: swap.id, reviewed, acknowledgeDanger: true })).rejects.toThrow(
        /did not answer/,
      );
      lose = false;
      expect(await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id })).toMatchObject({
        signed: true,
        reviewed,
      });
      await call(bg, SWAP.payFromIntents, { id: swap.id, reviewed });
      expect(seen.filter((s) => s.path === '/v0/generate-intent')).toHaveLength(1);
      expect(await balanceOf(accountId)).toBe(before - amountInOf(swap));
    }
  });

  it('once its deadline passed unused it can never execute: a new review writes a new payment, and the swap is paid once', async () => {
    let lose = true;
    const { bg, accountId, swap } = await wallet({ jwt: true, busKey: false, rewrite: holdsSimulation(() => lose) });
    {
      const before = await balanceOf(accountId);
      const first = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id });
      await expect(
        call(bg, SWAP.payFromIntents, { id: swap.id, reviewed: first.reviewed, acknowledgeDanger: true }),
      ).rejects.toThrow(/did not answer/);
      lose = false;
      // The service's payments are valid for ten minutes; the swap itself for an hour (and the wallet locks after 15 idle).
      await advance(bg, 11 * 60_000);
      const second = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id });
      expect(second.signed).toBe(false);
      expect(second.reviewed).not.toBe(first.reviewed);
      await call(bg, SWAP.payFromIntents, { id: swap.id, reviewed: second.reviewed, acknowledgeDanger: true });
      expect(await balanceOf(accountId)).toBe(before - amountInOf(swap));
    }
  });
});

describe('the bus route', () => {
  it('without a 1Click key the wallet writes the transfer itself and publishes it on the bus', async () => {
    const { bg, accountId, swap, seen } = await wallet({ jwt: false, busKey: true });
    const shown = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id });
    expect(shown.route).toBe('bus');
    expect(seen.some((s) => s.path === '/v0/generate-intent')).toBe(false);
    await call(bg, SWAP.payFromIntents, { id: swap.id, reviewed: shown.reviewed, acknowledgeDanger: true });
    expect(seen.map((s) => s.path)).toContain('rpc:publish_intent');
    expect(await balanceOf(accountId)).toBe(2n * ONE_NEAR - amountInOf(swap));
  });

  it('a swap service that does not know generate-intent (404): the bus route', async () => {
    const { bg, swap, seen } = await wallet({ jwt: true, busKey: true, unknownPaths: ['/v0/generate-intent'] });
    const shown = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id });
    expect(shown.route).toBe('bus');
    expect(seen.map((s) => s.path)).toContain('/v0/generate-intent');
    await call(bg, SWAP.payFromIntents, { id: swap.id, reviewed: shown.reviewed, acknowledgeDanger: true });
    expect(seen.map((s) => s.path)).toContain('rpc:publish_intent');
    expect(seen.map((s) => s.path)).not.toContain('/v0/submit-intent');
  });
});

/** A proposal the service might write, changed one way. */
type Tamper = (message: Record<string, unknown>, payload: Record<string, unknown>) => void;
const transferOf = (m: Record<string, unknown>) => (m.intents as Record<string, unknown>[])[0]!;

const TAMPERED: [string, Tamper, RegExp][] = [
  [
    'another receiver',
    (m) => {
      transferOf(m).receiver_id = 'mallory.near';
    },
    /pays mallory\.near/,
  ],
  [
    'a larger amount',
    (m) => {
      transferOf(m).tokens = { [WNEAR]: (10n ** 30n).toString() };
    },
    /moves 1000000/,
  ],
  [
    'another token',
    (m) => {
      transferOf(m).tokens = { 'nep141:usdt.tether-token.near': '1' };
    },
    /usdt\.tether-token/,
  ],
  [
    'a second intent',
    (m) =>
      void (m.intents as unknown[]).push({
        intent: 'add_public_key',
        public_key: 'ed25519:11111111111111111111111111111111',
      }),
    /not one transfer/,
  ],
  [
    'a withdrawal instead',
    (m) => {
      m.intents = [{ intent: 'native_withdraw', receiver_id: 'mallory.near', amount: '1' }];
    },
    /not one transfer/,
  ],
  [
    'a memo',
    (m) => {
      transferOf(m).memo = 'steal';
    },
    /memo/,
  ],
  [
    'a notification message',
    (m) => {
      transferOf(m).msg = 'call me';
    },
    /msg/,
  ],
  [
    'another signer',
    (m) => {
      m.signer_id = 'mallory.near';
    },
    /signed by mallory\.near/,
  ],
  [
    'another contract',
    (_m, p) => {
      p.recipient = 'evil.near';
    },
    /addressed to evil\.near/,
  ],
  [
    'a callback',
    (_m, p) => {
      p.callbackUrl = 'https://evil.example';
    },
    /plain NEP-413/,
  ],
  [
    'an extra field',
    (m) => {
      m.verifying_contract = 'evil.near';
    },
    /other fields/,
  ],
  [
    'a deadline a week away',
    (m) => {
      m.deadline = new Date(clock.now + 7 * 86_400_000).toISOString();
    },
    /deadline/,
  ],
  [
    'a legacy nonce',
    (_m, p) => {
      p.nonce = base64.encode(new Uint8Array(32).fill(7));
    },
    /no salt and no expiry/,
  ],
];

describe('a swap service that proposes anything but this payment is refused', () => {
  it.each(TAMPERED)('%s: refused at preview, nothing kept to sign', async (_name, tamper, why) => {
    const { bg, accountId, swap } = await wallet({
      jwt: true,
      busKey: false,
      rewrite: (path, json) => {
        if (path !== '/v0/generate-intent') return undefined;
        const intent = json.intent as { payload: Record<string, unknown> };
        const message = JSON.parse(intent.payload.message as string) as Record<string, unknown>;
        tamper(message, intent.payload);
        intent.payload.message = JSON.stringify(message);
        return json;
      },
    });
    await expect(call(bg, SWAP.previewPayment, { id: swap.id })).rejects.toThrow(why);
    await expect(call(bg, SWAP.previewPayment, { id: swap.id })).rejects.toThrow(/not this swap's.*nothing was signed/);
    await expect(
      call(bg, SWAP.payFromIntents, { id: swap.id, reviewed: 'nothing reviewed', acknowledgeDanger: true }),
    ).rejects.toThrow(/Review the payment first/);
    expect(await balanceOf(accountId)).toBe(2n * ONE_NEAR);
  });

  it('the message is signed as the wallet writes it: duplicate keys in the service text cannot show one signer and sign another', async () => {
    const { bg, accountId, swap, seen } = await wallet({
      jwt: true,
      busKey: false,
      rewrite: (path, json) => {
        if (path !== '/v0/generate-intent') return undefined;
        const payload = (json.intent as { payload: Record<string, string> }).payload;
        // JSON.parse keeps the last of two equal keys; a parser that keeps the first would read mallory.
        payload.message = payload.message!.replace('{', '{"signer_id":"mallory.near",');
        return json;
      },
    });
    const shown = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id });
    expect(shown.preview.accountId).toBe(accountId);
    await call(bg, SWAP.payFromIntents, { id: swap.id, reviewed: shown.reviewed, acknowledgeDanger: true });
    const signed = (
      seen.find((s) => s.path === '/v0/submit-intent')!.body as { signedData: { payload: { message: string } } }
    ).signedData.payload.message;
    expect(signed).not.toContain('mallory');
    expect(JSON.parse(signed)).toMatchObject({ signer_id: accountId });
  });

  it('a nonce this account signed under before is refused at preview', async () => {
    let first: string | undefined;
    const { bg, swap } = await wallet({
      jwt: true,
      busKey: false,
      rewrite: (path, json) => {
        if (path !== '/v0/generate-intent') return undefined;
        const payload = (json.intent as { payload: Record<string, string> }).payload;
        first ??= payload.nonce;
        payload.nonce = first!;
        return json;
      },
    });
    const { reviewed } = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id });
    await call(bg, SWAP.payFromIntents, { id: swap.id, reviewed, acknowledgeDanger: true });
    const again = await call<SwapRecordView>(bg, SWAP.start, intentsSwap(swap.request.refundTo));
    await expect(call(bg, SWAP.previewPayment, { id: again.id })).rejects.toThrow(
      /its nonce was used before by this account/,
    );
  });
});
