// A quote counts only after the wallet checked it (docs/security.md, "Quotes the wallet believes"),
// through the router as the popup calls it, against the running simulator with a network in between
// that may rewrite its answers: swap_quote and swap_start refuse a quote that is not signed by the
// service's key or that answers another request, before anything is kept; custom endpoints without a
// key quote nothing; the live limits are checked before a request leaves; and paying from the intents
// account believes the swap's signed quote, verified again, not the fields of the stored record.
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type PaymentPreview, type QuoteParams, SWAP, type SwapRecordView } from '../../../src/api/swapApi';
import { type CreateResult, WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { type FetchLike, formatPublicKey, generateKeyPair, type KeyPair, signQuote } from '../../../src/core';
import { backgroundEnv, call, ONE_NEAR, PASSWORD, simulatorWithClock, swapParams, USDT_ETH, WNEAR } from './harness';

const { sim, clock } = simulatorWithClock();
beforeEach(() => fakeBrowser.reset());

type Json = Record<string, unknown>;
/** The network's way with one answer: change it in place (return nothing) or leave it. */
type Rewrite = (path: string, json: Json) => void;

/** A wallet on the simulator behind `rewrite`, trusting `key` (default the simulator's), with a JWT and 2 wNEAR. */
async function wallet(opts: { rewrite?: Rewrite; key?: string | null } = {}) {
  const paths: string[] = [];
  const fetchThrough: FetchLike = async (url, init) => {
    const path = new URL(url).pathname;
    paths.push(path);
    const res = await fetch(url, init);
    const text = await res.text();
    if (!opts.rewrite || res.status !== 200)
      return { status: res.status, headers: res.headers, text: async () => text };
    const json = JSON.parse(text) as Json;
    opts.rewrite(path, json);
    return { status: res.status, headers: res.headers, text: async () => JSON.stringify(json) };
  };
  const bg = startBackground({ ...backgroundEnv(clock), fetch: fetchThrough });
  const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  const accountId = created.status.accounts[0]!.accountId;
  await call(bg, WALLET.setSettings, {
    endpoints: {
      swap: sim.url,
      transactions: `${sim.url}/api/v0`,
      bus: `${sim.url}/rpc`,
      ledgerRpc: `${sim.url}/ledger-rpc`,
    },
    quoteSigningKey: opts.key === undefined ? sim.quotePublicKey : opts.key,
    jwt: sim.devJwt,
  });
  await fetch(`${sim.url}/dev/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId, tokenId: WNEAR, amount: (2n * ONE_NEAR).toString() }),
  });
  return { bg, accountId, paths };
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

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { message: string; code: number; data?: Json }) => ({ message: e.message, code: e.code, data: e.data }),
  );

/** Nothing of a swap in storage.local: no record, no index entry, no deposit address anywhere. */
async function nothingKept(addresses: string[]) {
  const all = await fakeBrowser.storage.local.get(null);
  expect(Object.keys(all).filter((k) => k.startsWith('swap:'))).toEqual([]);
  const text = JSON.stringify(all);
  for (const a of addresses) expect(text.includes(a), a).toBe(false);
}

const resign = (key: KeyPair) => (json: Json) => {
  json.signature = signQuote(json, key.secretSeed);
};

describe('swap_quote and swap_start believe only a checked quote', () => {
  it('a signature changed by the network: both refused (reason signature), nothing kept', async () => {
    const forger = generateKeyPair((n) => new Uint8Array(randomBytes(n)));
    const minted: string[] = [];
    const { bg, accountId } = await wallet({
      rewrite: (path, json) => {
        if (path !== '/v0/quote') return;
        const address = (json.quote as Json).depositAddress;
        if (typeof address === 'string') minted.push(address);
        resign(forger)(json);
      },
    });
    for (const method of [SWAP.quote, SWAP.start]) {
      expect(await failure(call(bg, method, intentsSwap(accountId)))).toMatchObject({
        code: -32603,
        data: { reason: 'signature' },
        message: expect.stringMatching(/not signed by the swap service’s key/),
      });
    }
    expect(minted).toHaveLength(1);
    await nothingKept(minted);
  });

  it('a deposit address changed under the service’s signature: refused, neither address kept', async () => {
    const attacker = 'a'.repeat(64);
    const { bg, accountId } = await wallet({
      rewrite: (path, json) => {
        const quote = json.quote as Json;
        if (path === '/v0/quote' && quote.depositAddress) quote.depositAddress = attacker;
      },
    });
    expect(await failure(call(bg, SWAP.start, intentsSwap(accountId)))).toMatchObject({
      data: { reason: 'signature' },
    });
    await nothingKept([attacker]);
  });

  it.each<[string, Json]>([
    ['recipient', { recipient: 'mallory.near' }],
    ['refundTo', { refundTo: 'mallory.near' }],
    ['recipientType', { recipientType: 'DESTINATION_CHAIN' }],
    ['destinationAsset', { destinationAsset: 'nep141:wrap.near' }],
    ['slippageTolerance', { slippageTolerance: 5000 }],
    ['referral', { referral: 'mallory' }],
  ])(
    'an echoed %s changed and re-signed by the key the wallet trusts: refused by the echo check',
    async (field, change) => {
      const trusted = generateKeyPair((n) => new Uint8Array(randomBytes(n)));
      const { bg, accountId } = await wallet({
        key: formatPublicKey(trusted.publicKey),
        rewrite: (path, json) => {
          if (path !== '/v0/quote') return;
          Object.assign(json.quoteRequest as Json, change);
          resign(trusted)(json);
        },
      });
      for (const method of [SWAP.quote, SWAP.start]) {
        expect(await failure(call(bg, method, intentsSwap(accountId)))).toMatchObject({
          data: { reason: 'echo' },
          message: expect.stringContaining(`its ${field} is `),
        });
      }
      await nothingKept([]);
    },
  );

  it('control: answers re-signed, unchanged, by the key the wallet trusts are believed', async () => {
    const trusted = generateKeyPair((n) => new Uint8Array(randomBytes(n)));
    const { bg, accountId } = await wallet({
      key: formatPublicKey(trusted.publicKey),
      rewrite: (path, json) => void (path === '/v0/quote' && resign(trusted)(json)),
    });
    const r = await call<SwapRecordView>(bg, SWAP.start, intentsSwap(accountId));
    expect(r.depositAddress).toMatch(/^[0-9a-f]{64}$/);
  });

  it('custom endpoints without a key: no quote is asked; the error names the setting', async () => {
    const { bg, accountId, paths } = await wallet({ key: null });
    expect(await failure(call(bg, SWAP.quote, intentsSwap(accountId)))).toMatchObject({
      code: -32603,
      data: { reason: 'no-key', setting: 'quoteSigningKey' },
      message: expect.stringMatching(/Quote signing key/),
    });
    expect(paths.filter((p) => p === '/v0/quote')).toEqual([]);
  });
});

describe('the live limits, before anything is sent', () => {
  it.each<[string, Partial<QuoteParams>, string]>([
    ['an app fee above 500 bps', { appFees: [{ recipient: 'fees.near', fee: 501 }] }, 'appFees.0.fee'],
    [
      'app fees adding up above 500 bps',
      {
        appFees: [
          { recipient: 'a.near', fee: 300 },
          { recipient: 'b.near', fee: 201 },
        ],
      },
      'appFees',
    ],
    [
      'a recipient message for a token that is not NEP-141',
      { destinationAsset: 'nep245:v2_1.omni.hot.tg:10_11111111111111111111', customRecipientMsg: '{}' },
      'customRecipientMsg',
    ],
  ])('%s: -32602 naming the field, no request', async (_what, change, field) => {
    const { bg, accountId, paths } = await wallet();
    for (const method of [SWAP.quote, SWAP.start]) {
      expect(await failure(call(bg, method, { ...intentsSwap(accountId), ...change }))).toMatchObject({
        code: -32602,
        data: { field },
      });
    }
    expect(paths.filter((p) => p === '/v0/quote')).toEqual([]);
  });

  it('at the limits: fees adding up to exactly 500 bps and a message for a NEP-141 token are sent', async () => {
    const { bg, accountId } = await wallet();
    const p = {
      ...intentsSwap(accountId),
      appFees: [
        { recipient: 'a.near', fee: 250 },
        { recipient: 'b.near', fee: 250 },
      ],
      customRecipientMsg: '{}',
    };
    expect((await call<{ appFees: unknown[] }>(bg, SWAP.quote, p)).appFees).toEqual(p.appFees);
  });
});

describe('paying from the intents account believes the signed quote, verified again, not the stored record', () => {
  /**
   * An INTENTS swap of 1 wNEAR, started; `edit` then changes its stored record through the background's own
   * store (sealed as the wallet seals: what a bug, or anything holding the wallet's keys, could write), so
   * that the signed quote alone is what refuses it.
   */
  async function started(edit: (r: SwapRecordView) => SwapRecordView) {
    const w = await wallet();
    const swap = await call<SwapRecordView>(w.bg, SWAP.start, intentsSwap(w.accountId));
    await w.bg.local.write(`swap:${swap.id}`, edit(structuredClone(swap)));
    return { ...w, swap };
  }

  it.each<[string, (r: SwapRecordView) => SwapRecordView, RegExp]>([
    [
      'its deposit address',
      (r) => ({ ...r, depositAddress: 'b'.repeat(64) }),
      /gives the deposit address .* not the b{64} stored with it/,
    ],
    ['its deposit memo', (r) => ({ ...r, depositMemo: '42' }), /another deposit memo/],
    [
      'the stored quote’s amount',
      (r) => ({
        ...r,
        quoteResponseJson: r.quoteResponseJson.replace(/"amountIn":"\d+"/, `"amountIn":"${2n * ONE_NEAR}"`),
      }),
      /not signed by the swap service’s key/,
    ],
    [
      'the stored request’s origin token',
      (r) => ({ ...r, request: { ...r.request, originAsset: USDT_ETH } }),
      /its originAsset is nep141:wrap.near, not/,
    ],
  ])(
    '%s changed in storage: the payment is refused before it is shown, nothing is signed',
    async (_what, edit, why) => {
      const { bg, swap, paths, accountId } = await started(edit);
      expect(await failure(call(bg, SWAP.previewPayment, { id: swap.id }))).toMatchObject({
        message: expect.stringMatching(why),
      });
      expect(paths.filter((p) => p === '/v0/generate-intent' || p === '/v0/submit-intent')).toEqual([]);
      expect(
        await failure(call(bg, SWAP.payFromIntents, { id: swap.id, reviewed: 'x', acknowledgeDanger: true })),
      ).not.toBeNull();
      const balance = (await (await fetch(`${sim.url}/dev/balances?accountId=${accountId}`)).json()) as {
        balances: Record<string, string>;
      };
      expect(balance.balances[WNEAR]).toBe((2n * ONE_NEAR).toString());
    },
  );

  it('the reviewed payment changed in storage before Confirm: judged again against the signed quote, not signed', async () => {
    const { bg, swap, paths } = await started((r) => r);
    const shown = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: swap.id });
    const key = `swapPaymentDraft:${(await bg.settings.plain()).verifierId}:${swap.id}`;
    const draft = (await bg.local.asFound(key)) as { payload: { intents: { tokens: Record<string, string> }[] } };
    draft.payload.intents[0]!.tokens = { [WNEAR]: (2n * ONE_NEAR).toString() };
    await bg.local.write(key, draft);
    expect(
      await failure(call(bg, SWAP.payFromIntents, { id: swap.id, reviewed: shown.reviewed, acknowledgeDanger: true })),
    ).toMatchObject({ message: expect.stringMatching(/not this swap's .*moves 2000000000000000000000000/) });
    expect(paths.filter((p) => p === '/v0/submit-intent')).toEqual([]);
  });
});
