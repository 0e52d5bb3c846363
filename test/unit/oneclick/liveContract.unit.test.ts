// The extension against the live services' contract (docs/services.md): the fixtures of
// test/fixtures/live (each with its source in the README there) read by the extension's own schemas;
// the extension's clients, and then a whole journey of the background on the Mainnet preset, through
// a strict fake of the live services (test/support/liveServices.ts) that refuses any request not in
// the live shape; and the fake's own rules, each shown to refuse, so that it cannot pass by accepting
// everything.
import {
  type QuoteResponse as SdkQuoteResponse,
  verifyQuoteSignature,
} from '@defuse-protocol/one-click-sdk-typescript';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL, type ApprovalViewWire } from '../../../src/api/approvalApi';
import {
  ANY_INPUT_ASSET,
  type HistoryPage,
  type PaymentPreview,
  type QuoteParams,
  SWAP,
  type SwapRecordView,
  type TokenView,
} from '../../../src/api/swapApi';
import { type CreateResult, type SettingsView, WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { PRESETS } from '../../../src/background/wallet/settings';
import { LedgerRpcClient, MessageBusClient } from '../../../src/bus';
import { intentStatusSchema, publishResultSchema } from '../../../src/bus/schemas';
import {
  type BoundCredential,
  type HttpDeps,
  type SignedIntent,
  signedIntentSchema,
  verifySignedIntent,
} from '../../../src/core';
import {
  anyInputWithdrawalsSchema,
  errorBodySchema,
  generateIntent,
  generateIntentResponseSchema,
  getAnyInputWithdrawals,
  getQuote,
  getStatus,
  getTransactions,
  quoteResponseSchema,
  statusResponseSchema,
  submitDeposit,
  submitIntent,
  submitIntentResponseSchema,
  tokenSchema,
} from '../../../src/oneclick';
import { type BackgroundPush, type DeferredReply, METHODS, type RuntimeReply } from '../../../src/provider/protocol';
import { memoryVaultStorage } from '../../../src/vault';
import {
  FAKE_QUOTE_SIGNING_KEY,
  fixture,
  LIVE_HOSTS,
  type LiveServices,
  liveServices,
} from '../../support/liveServices';
import { backgroundEnv, call, PASSWORD } from '../background/harness';

const STAGING_KEY = 'ed25519:5J5tkaxyPoR3Q9S8LXfo5bWnXK5Z2bctJ4mB9gENh7co';
const WNEAR = 'nep141:wrap.near';
const USDC = 'nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1';
const JWT = 'live-partner-jwt';
/** An XRP classic address and its X-address with destination tag 1 (xrpl.js ripple-address-codec vectors). */
const XRP_CLASSIC = 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59';
const XRP_TAGGED = 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu';
const BUS_KEY = 'live-bus-key';

const deps = (fake: LiveServices): HttpDeps => ({
  fetch: fake.fetch,
  sleep: async () => undefined,
  policy: { retries: 0 },
});
/** A credential as the settings hold it: the value and the origin it was entered for. */
const bindCredential = (value: string, url: string): BoundCredential => ({ value, origins: [new URL(url).origin] });
const jwt = () => bindCredential(JWT, LIVE_HOSTS.swap);

describe('the fixtures, read by the extension’s schemas', () => {
  it('quotes of every swap type, dry and not, and the SDK’s own staging vectors still verify', () => {
    for (const name of [
      'quote-exact-input',
      'quote-exact-input.dry',
      'quote-exact-output',
      'quote-flex-input.dry',
      'quote-any-input',
    ]) {
      expect(quoteResponseSchema.safeParse(fixture(`${name}.response.json`)).success, name).toBe(true);
    }
    // Verbatim from the SDK's quote-signature test: the signature covers withdrawFee (non-dry) as the
    // live service signs it, so the bytes kept as evidence are exactly these.
    expect(verifyQuoteSignature(fixture<SdkQuoteResponse>('quote-exact-input.response.json'), STAGING_KEY)).toBe(true);
    expect(verifyQuoteSignature(fixture<SdkQuoteResponse>('quote-exact-input.dry.response.json'), STAGING_KEY)).toBe(
      true,
    );
    const any = quoteResponseSchema.parse(fixture('quote-any-input.response.json'));
    expect(any.quote.chainDepositAddresses?.map((c) => c.blockchain)).toEqual(['eth', 'stellar']);
  });

  // The interface: docs/interface.md.
  it('a status in each state, home-ledger hashes read under the interface’s name', () => {
    for (const s of [
      'pending-deposit',
      'known-deposit-tx',
      'incomplete-deposit',
      'processing',
      'success',
      'refunded',
      'failed',
    ]) {
      const st = statusResponseSchema.parse(fixture(`status-${s}.response.json`));
      expect(st.status).toBe(s.toUpperCase().replace(/-/g, '_'));
      expect(st.swapDetails).toHaveProperty('homeTxHashes');
    }
    expect(statusResponseSchema.parse(fixture('status-refunded.response.json')).swapDetails.refundReason).toBe(
      'AMOUNT_LESS_THAN_MIN_AMOUNT_OUT',
    );
    expect(statusResponseSchema.safeParse(fixture('deposit-submit.response.json')).success).toBe(true);
  });

  it('tokens, ANY_INPUT withdrawals (list and single object), payment intents, errors', () => {
    expect(fixture<unknown[]>('tokens.response.json').map((t) => tokenSchema.parse(t).blockchain)).toEqual([
      'home',
      'eth',
      'movement',
    ]);
    expect(
      anyInputWithdrawalsSchema.parse(fixture('any-input-withdrawals.response.json')).withdrawals.map((w) => w.status),
    ).toEqual(['SUCCESS', 'FAILED', 'SUCCESS']);
    expect(
      anyInputWithdrawalsSchema.parse(fixture('any-input-withdrawals.single.response.json')).withdrawals,
    ).toHaveLength(1);
    expect(generateIntentResponseSchema.parse(fixture('generate-intent.response.json')).intent.standard).toBe('nep413');
    const submitted = fixture<{ signedData: unknown }>('submit-intent.request.json').signedData;
    const signed = signedIntentSchema.parse(submitted);
    expect(verifySignedIntent(signed).ok).toBe(true);
    expect(submitIntentResponseSchema.parse(fixture('submit-intent.response.json')).intentHash).toMatch(
      /^[1-9A-HJ-NP-Za-km-z]{43,44}$/,
    );
    expect(errorBodySchema.parse(fixture('error-400.response.json')).message).toBe('tokenIn is not valid');
  });

  it('bus results: publish OK and FAILED, get_status in each state; ledger views', () => {
    expect(publishResultSchema.parse(fixture<{ result: unknown }>('bus-publish-ok.response.json').result).status).toBe(
      'OK',
    );
    expect(
      publishResultSchema.parse(fixture<{ result: unknown }>('bus-publish-failed.response.json').result),
    ).toMatchObject({ status: 'FAILED', reason: 'invalid salt' });
    const states = ['pending', 'tx-broadcasted', 'settled', 'not-found'].map(
      (s) => intentStatusSchema.parse(fixture<{ result: unknown }>(`bus-get-status-${s}.response.json`).result).status,
    );
    expect(states).toEqual(['PENDING', 'TX_BROADCASTED', 'SETTLED', 'NOT_FOUND_OR_NOT_VALID']);
    const bytes = fixture<{ result: { result: number[] } }>('ledger-view-mt-batch-balance-of.response.json').result
      .result;
    expect(JSON.parse(Buffer.from(bytes).toString('utf8'))).toEqual(['2500000000000000000000000', '0']);
  });
});

describe('the clients against the strict fake', () => {
  it('the swap service and the explorer: every call in the live shape, every answer read', async () => {
    const fake = liveServices();
    const d = deps(fake);
    const o = { wireNames: 'live' as const, quoteSigningKey: FAKE_QUOTE_SIGNING_KEY };
    const base = {
      slippageTolerance: 100,
      refundTo: 'alice.near',
      refundType: 'INTENTS',
      recipient: 'alice.near',
      recipientType: 'INTENTS',
      deadline: new Date(Date.now() + 3600_000).toISOString(),
    };
    for (const swapType of ['EXACT_INPUT', 'EXACT_OUTPUT', 'FLEX_INPUT']) {
      for (const dry of [true, false]) {
        const { response } = await getQuote(
          d,
          LIVE_HOSTS.swap,
          {
            dry,
            swapType,
            originAsset: WNEAR,
            depositType: 'ORIGIN_CHAIN',
            destinationAsset: USDC,
            amount: '1000',
            ...base,
          },
          o,
        );
        expect(response.quote.depositAddress === undefined).toBe(dry);
      }
    }
    const any = await getQuote(
      d,
      LIVE_HOSTS.swap,
      {
        dry: false,
        swapType: 'ANY_INPUT',
        originAsset: ANY_INPUT_ASSET,
        depositType: 'INTENTS',
        destinationAsset: USDC,
        amount: '0',
        ...base,
      },
      { ...o, jwt: jwt() },
    );
    const address = (
      await getQuote(
        d,
        LIVE_HOSTS.swap,
        {
          dry: false,
          swapType: 'EXACT_INPUT',
          originAsset: WNEAR,
          depositType: 'ORIGIN_CHAIN',
          destinationAsset: USDC,
          amount: '1000',
          ...base,
        },
        o,
      )
    ).response.quote.depositAddress!;
    const submitted = await submitDeposit(
      d,
      LIVE_HOSTS.swap,
      { txHash: 'Tx1', depositAddress: address, homeSenderAccount: 'alice.near' },
      o,
    );
    expect(submitted.status).toBe('KNOWN_DEPOSIT_TX');
    expect(fake.seen.find((s) => s.url.endsWith('/v0/deposit/submit'))?.body).toEqual({
      txHash: 'Tx1',
      depositAddress: address,
      nearSenderAccount: 'alice.near',
    });
    expect((await getStatus(d, LIVE_HOSTS.swap, address, null, o)).status).toBe('KNOWN_DEPOSIT_TX');
    const withdrawals = await getAnyInputWithdrawals(
      d,
      LIVE_HOSTS.swap,
      { depositAddress: any.response.quote.depositAddress!, sortOrder: 'asc', limit: 50, page: 1 },
      { ...o, jwt: jwt() },
    );
    expect(withdrawals.withdrawals).toHaveLength(3);
    const explorer = { ...o, jwt: bindCredential(JWT, LIVE_HOSTS.transactions) };
    for (const chain of ['home', 'eth', 'movement']) {
      const txs = await getTransactions(
        d,
        LIVE_HOSTS.transactions,
        { fromChainId: chain, toChainId: chain, statuses: ['SUCCESS', 'REFUNDED'], minUsdPrice: 1 },
        explorer,
      );
      expect(txs.map((t) => t.status)).toEqual(['SUCCESS', 'REFUNDED']);
      expect(txs[0]).toHaveProperty('homeTxHashes');
    }
    // Several statuses: the parameter repeated, as the live docs pass several values.
    expect(new URL(fake.seen.at(-1)!.url).searchParams.getAll('statuses')).toEqual(['SUCCESS', 'REFUNDED']);
    // None chosen: every status is named, so the pending row the explorer's default hides comes too.
    const all = await getTransactions(d, LIVE_HOSTS.transactions, {}, explorer);
    expect(all.map((t) => t.status)).toEqual(['PENDING_DEPOSIT', 'SUCCESS', 'REFUNDED']);
    // The next page from a row with a memo: its address and memo as the two cursor parameters.
    const next = await getTransactions(
      d,
      LIVE_HOSTS.transactions,
      { lastDepositAddress: all[0]!.depositAddress, lastDepositMemo: all[0]!.depositMemo, direction: 'next' },
      explorer,
    );
    expect(next.map((t) => t.status)).toEqual(['SUCCESS', 'REFUNDED']);
    expect(fake.refusals).toEqual([]);
  });

  it('an XRP destination tag leaves inside the recipient, as its X-address: the service has no memo field', async () => {
    const fake = liveServices();
    const body = {
      dry: true,
      swapType: 'EXACT_INPUT',
      slippageTolerance: 100,
      originAsset: WNEAR,
      depositType: 'INTENTS',
      destinationAsset: 'nep141:xrp.omft.near',
      amount: '1000',
      refundTo: 'alice.near',
      refundType: 'INTENTS',
      recipient: XRP_CLASSIC,
      recipientType: 'DESTINATION_CHAIN',
      recipientMemo: '1',
      deadline: new Date(Date.now() + 3600_000).toISOString(),
    };
    await getQuote(deps(fake), LIVE_HOSTS.swap, body, { wireNames: 'live', quoteSigningKey: FAKE_QUOTE_SIGNING_KEY });
    const sent = fake.seen.at(-1)!.body as Record<string, unknown>;
    expect(sent.recipient).toBe(XRP_TAGGED);
    expect(sent).not.toHaveProperty('recipientMemo');
    expect(fake.refusals).toEqual([]);
    // Sent as a field of its own, the live validator refuses it: it is not part of the request.
    const { recipientMemo: _memo, ...rest } = body;
    const raw = await fake.fetch(`${LIVE_HOSTS.swap}/v0/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...rest, recipientMemo: '1' }),
      signal: new AbortController().signal,
      redirect: 'manual',
    });
    expect(raw.status).toBe(400);
    // A memo that no route carries is never sent, nor dropped: the client refuses it.
    await expect(
      getQuote(
        deps(fake),
        LIVE_HOSTS.swap,
        { ...body, recipient: 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ', recipientMemo: 'exchange-7' },
        { wireNames: 'live', quoteSigningKey: FAKE_QUOTE_SIGNING_KEY },
      ),
    ).rejects.toThrow(/Only an XRP Ledger address/);
    expect(fake.seen).toHaveLength(2);
  });

  it('the bus and the ledger RPC: quote with mixed answers, publish, get_status, views', async () => {
    const fake = liveServices();
    const d = deps(fake);
    const bus = new MessageBusClient({ url: LIVE_HOSTS.bus, apiKey: bindCredential(BUS_KEY, LIVE_HOSTS.bus), deps: d });
    const mixed = fixture<{
      result: { defuse_asset_identifier_in: string; defuse_asset_identifier_out: string; amount_in: string }[];
    }>('bus-quote-mixed.response.json').result[0]!;
    const answer = await bus.quote({
      defuse_asset_identifier_in: mixed.defuse_asset_identifier_in,
      defuse_asset_identifier_out: mixed.defuse_asset_identifier_out,
      exact_amount_in: mixed.amount_in,
    });
    expect(answer.offers.length).toBeGreaterThan(0);
    const signed = fixture<{ signedData: SignedIntent }>('submit-intent.request.json').signedData;
    const published = await bus.publishIntent(signed, []);
    expect(published.status).toBe('OK');
    const hash = published.status === 'OK' ? published.intent_hash : '';
    expect((await bus.getStatus(hash)).status).toBe('PENDING');
    expect((await bus.getStatus(hash)).status).toBe('TX_BROADCASTED');
    expect((await bus.getStatus(hash)).status).toBe('SETTLED');
    const ledger = new LedgerRpcClient({
      url: LIVE_HOSTS.ledger[0]!,
      fallbacks: LIVE_HOSTS.ledger.slice(1),
      verifierId: 'intents.near',
      deps: d,
    });
    expect(await ledger.currentSalt()).toMatch(/^[0-9a-f]{8}$/);
    expect(await ledger.mtBatchBalanceOf('alice.near', [WNEAR, USDC])).toEqual(['0', '0']);
    expect((await ledger.simulateIntents([signed])).intents_executed).toHaveLength(1);
    expect(fake.refusals).toEqual([]);
  });
});

describe('the fake refuses what the live services refuse', () => {
  const d = (fake: LiveServices) => deps(fake);
  const quote = {
    dry: true,
    swapType: 'EXACT_INPUT',
    slippageTolerance: 100,
    originAsset: WNEAR,
    depositType: 'ORIGIN_CHAIN',
    destinationAsset: USDC,
    amount: '1000',
    refundTo: 'a.near',
    refundType: 'INTENTS',
    recipient: 'a.near',
    recipientType: 'INTENTS',
    deadline: '2030-01-01T00:00:00Z',
  };

  it.each([
    ['an unknown field', { ...quote, homeSenderAccount: 'a.near' }, /homeSenderAccount|Unrecognized/],
    ['a wrong enum value', { ...quote, swapType: 'EXACT' }, /swapType/],
    [
      'ANY_INPUT with a real token',
      { ...quote, swapType: 'ANY_INPUT', amount: '0', depositType: 'INTENTS' },
      /originAsset/,
    ],
    ['a zero amount', { ...quote, amount: '0' }, /amount/],
  ])('quote: %s', async (_what, body, reason) => {
    const fake = liveServices();
    await expect(
      getQuote(d(fake), LIVE_HOSTS.swap, body, { wireNames: 'interface', quoteSigningKey: FAKE_QUOTE_SIGNING_KEY }),
    ).rejects.toThrow(reason);
    expect(fake.refusals).toHaveLength(1);
  });

  it('quote: an app fee above 500 bps (the live cap), as the live validator refuses it', async () => {
    const fake = liveServices();
    const body = { ...quote, appFees: [{ recipient: 'a.near', fee: 501 }] };
    await expect(
      getQuote(d(fake), LIVE_HOSTS.swap, body, { wireNames: 'live', quoteSigningKey: FAKE_QUOTE_SIGNING_KEY }),
    ).rejects.toMatchObject({ status: 400, message: /appFees\.0\.fee/ });
    expect(fake.refusals).toHaveLength(1);
  });

  it('quotes are signed by the fake’s key as the SDK verifies them, and only by it: the Mainnet key refuses them', async () => {
    const fake = liveServices();
    const { rawText } = await getQuote(d(fake), LIVE_HOSTS.swap, quote, {
      wireNames: 'live',
      quoteSigningKey: FAKE_QUOTE_SIGNING_KEY,
    });
    expect(verifyQuoteSignature(JSON.parse(rawText) as SdkQuoteResponse, FAKE_QUOTE_SIGNING_KEY)).toBe(true);
    expect(verifyQuoteSignature(JSON.parse(rawText) as SdkQuoteResponse)).toBe(false);
    await expect(
      getQuote(d(fake), LIVE_HOSTS.swap, quote, {
        wireNames: 'live',
        quoteSigningKey: PRESETS.mainnet.quoteSigningKey,
      }),
    ).rejects.toThrow(/not signed by the swap service’s key/);
  });

  it('deposit submit with the interface’s homeSenderAccount; the explorer with chain home, its old cursor or USD bounds; no JWT', async () => {
    const fake = liveServices();
    await expect(
      submitDeposit(
        d(fake),
        LIVE_HOSTS.swap,
        { txHash: 't', depositAddress: 'x', homeSenderAccount: 'a.near' },
        { wireNames: 'interface' },
      ),
    ).rejects.toThrow(/homeSenderAccount|Unrecognized/);
    const explorerJwt = { jwt: bindCredential(JWT, LIVE_HOSTS.transactions), wireNames: 'interface' as const };
    await expect(
      getTransactions(d(fake), LIVE_HOSTS.transactions, { fromChainId: 'home' }, explorerJwt),
    ).rejects.toThrow(/fromChainId/);
    await expect(
      getTransactions(d(fake), LIVE_HOSTS.transactions, { statuses: ['SUCCESS', 'REFUNDED'] }, explorerJwt),
    ).rejects.toThrow(/statuses/);
    await expect(getTransactions(d(fake), LIVE_HOSTS.transactions, { minUsdPrice: 5 }, explorerJwt)).rejects.toThrow(
      /minUsdPrice|Unrecognized/,
    );
    await expect(getTransactions(d(fake), LIVE_HOSTS.transactions, {}, { wireNames: 'live' })).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      generateIntent(d(fake), LIVE_HOSTS.swap, { signerId: 'a.near', depositAddress: 'x' }),
    ).rejects.toMatchObject({ status: 401 });
    await expect(
      submitIntent(
        d(fake),
        LIVE_HOSTS.swap,
        fixture<{ signedData: SignedIntent }>('submit-intent.request.json').signedData,
      ),
    ).rejects.toMatchObject({ status: 401 });
    expect(fake.refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 401, 401, 401]);
  });

  it('the explorer’s old wire: the joined cursor, a comma list of statuses, a memo without its address, a parameter twice', async () => {
    const fake = liveServices();
    const get = (query: string) =>
      fake.fetch(`${LIVE_HOSTS.transactions}/transactions?${query}`, {
        method: 'GET',
        headers: { authorization: `Bearer ${JWT}` },
        signal: new AbortController().signal,
        redirect: 'manual',
      });
    const row = fixture<{ depositAddress: string; depositMemo: string }[]>('transactions.response.json')[0]!;
    for (const query of [
      `lastDepositAddressAndMemo=${row.depositAddress}_${row.depositMemo}`,
      'statuses=SUCCESS,REFUNDED',
      `lastDepositMemo=${row.depositMemo}`,
      'fromChainId=eth&fromChainId=near',
      'statuses=KNOWN_DEPOSIT_TX',
    ]) {
      expect((await get(query)).status, query).toBe(400);
    }
    // The same page in today's wire is answered.
    expect(
      (
        await get(
          `lastDepositAddress=${row.depositAddress}&lastDepositMemo=${row.depositMemo}&statuses=PENDING_DEPOSIT&statuses=SUCCESS`,
        )
      ).status,
    ).toBe(200);
    expect(fake.refusals.map((r) => r.reason)).toEqual([
      expect.stringMatching(/deprecated/),
      expect.stringMatching(/statuses/),
      expect.stringMatching(/lastDepositMemo/),
      expect.stringMatching(/fromChainId must be given once/),
      expect.stringMatching(/statuses/),
    ]);
  });

  it('without a status filter the explorer leaves pending rows out: the client names them all', async () => {
    const fake = liveServices();
    const res = await fake.fetch(`${LIVE_HOSTS.transactions}/transactions`, {
      method: 'GET',
      headers: { authorization: `Bearer ${JWT}` },
      signal: new AbortController().signal,
      redirect: 'manual',
    });
    expect((JSON.parse(await res.text()) as { status: string }[]).map((r) => r.status)).toEqual([
      'SUCCESS',
      'REFUNDED',
    ]);
    const txs = await getTransactions(
      d(fake),
      LIVE_HOSTS.transactions,
      {},
      { jwt: bindCredential(JWT, LIVE_HOSTS.transactions), wireNames: 'live' },
    );
    expect(txs.map((t) => t.status)).toContain('PENDING_DEPOSIT');
  });

  it('a bus call without a key and a publish whose signature does not verify; a view the verifier does not have', async () => {
    const fake = liveServices();
    const keyless = new MessageBusClient({ url: LIVE_HOSTS.bus, deps: d(fake) });
    await expect(keyless.getStatus('h')).rejects.toThrow();
    const bus = new MessageBusClient({
      url: LIVE_HOSTS.bus,
      apiKey: bindCredential(BUS_KEY, LIVE_HOSTS.bus),
      deps: d(fake),
    });
    const signed = fixture<{ signedData: SignedIntent }>('submit-intent.request.json').signedData;
    await expect(bus.publishIntent({ ...signed, signature: `ed25519:${'1'.repeat(64)}` }, [])).rejects.toThrow();
    const ledger = new LedgerRpcClient({ url: LIVE_HOSTS.ledger[0]!, verifierId: 'intents.near', deps: d(fake) });
    await expect(ledger.view('steal_everything', {}, signedIntentSchema)).rejects.toThrow();
    expect(fake.refusals.map((r) => r.status)).toEqual([401, 400, 400]);
  });
});

describe('a whole journey of the background on the Mainnet endpoints', () => {
  beforeEach(() => fakeBrowser.reset());

  it('quotes of each type, a home-ledger deposit, status, history per chain, ANY_INPUT payouts, pay from intents, a dApp’s publish and its status: no request refused', async () => {
    const pushes: BackgroundPush[] = [];
    const fake = liveServices({ balances: {} });
    const env = backgroundEnv({ now: Date.now() }, memoryVaultStorage());
    const bg = startBackground({
      ...env,
      fetch: fake.fetch,
      defaultPreset: 'mainnet',
      tabs: {
        sendMessage: async (_tab, message) => {
          if (message.type === 'probe') return true;
          pushes.push(message);
          return undefined;
        },
        onRemoved: { addListener: () => undefined },
        onUpdated: { addListener: () => undefined },
      },
    });
    const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const account = created.status.accounts[0]!.accountId;
    fake.setBalance(account, WNEAR, '50000000000000000000000000');
    // The live endpoints, trusting the fake's quote signing key in place of the live service's (whose
    // secret a test does not have): that makes them custom endpoints, speaking the live names.
    const settings = await call<SettingsView>(bg, WALLET.setSettings, {
      jwt: JWT,
      busApiKey: BUS_KEY,
      quoteSigningKey: FAKE_QUOTE_SIGNING_KEY,
    });
    expect(settings).toMatchObject({
      preset: 'custom',
      endpoints: PRESETS.mainnet.endpoints,
      wireNames: 'live',
      quoteSigningKey: FAKE_QUOTE_SIGNING_KEY,
      hasJwt: true,
      hasBusApiKey: true,
    });

    const tokens = await call<TokenView[]>(bg, SWAP.tokens);
    const deadline = new Date(Date.now() + 3600_000).toISOString();
    const params = (p: Partial<QuoteParams>): QuoteParams => ({
      swapType: 'EXACT_INPUT',
      slippageTolerance: 100,
      originAsset: WNEAR,
      depositType: 'ORIGIN_CHAIN',
      destinationAsset: USDC,
      amount: '1000000000000000000000000',
      refundTo: account,
      refundType: 'INTENTS',
      recipient: account,
      recipientType: 'INTENTS',
      deadline,
      ...p,
    });
    const anyInput = params({
      swapType: 'ANY_INPUT',
      originAsset: ANY_INPUT_ASSET,
      amount: '0',
      depositType: 'INTENTS',
      slippageTolerance: 0,
    });
    for (const p of [
      params({}),
      params({ swapType: 'EXACT_OUTPUT', amount: '1000000' }),
      params({ swapType: 'FLEX_INPUT' }),
      anyInput,
    ])
      await call(bg, SWAP.quote, p);
    // A withdrawal to an XRP address with its destination tag: the tag leaves inside the recipient.
    const toXrp = params({
      depositType: 'INTENTS',
      destinationAsset: 'nep141:xrp.omft.near',
      recipientType: 'DESTINATION_CHAIN',
      recipient: XRP_CLASSIC,
      recipientMemo: '1',
    });
    await call(bg, SWAP.quote, toXrp);
    expect((fake.seen.at(-1)!.body as { recipient: string }).recipient).toBe(XRP_TAGGED);
    // A Stellar memo, or a memo for an intents account, is refused by the background before anything is asked.
    const asked = fake.seen.length;
    await expect(
      call(bg, SWAP.quote, {
        ...toXrp,
        recipient: 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ',
        recipientMemo: '123',
      }),
    ).rejects.toMatchObject({ data: { field: 'recipientMemo' } });
    await expect(call(bg, SWAP.quote, params({ recipientMemo: '1' }))).rejects.toMatchObject({
      data: { field: 'recipientMemo' },
    });
    expect(fake.seen.length).toBe(asked);

    // A home-ledger deposit, its sender given as the interface names it.
    const home = await call<SwapRecordView>(bg, SWAP.start, params({}));
    await call(bg, SWAP.submitDeposit, { id: home.id, txHash: 'HomeTx1', homeSenderAccount: 'alice.near' });
    let status = home.status;
    for (let i = 0; i < 5 && status !== 'SUCCESS'; i++)
      status = (await call<SwapRecordView>(bg, SWAP.refresh, { id: home.id })).status;
    expect(status).toBe('SUCCESS');

    for (const t of tokens) {
      for (const filter of [{ fromChainId: t.blockchain }, { toChainId: t.blockchain }]) {
        const page = await call<HistoryPage>(bg, SWAP.history, { ...filter, minUsdPrice: 1 });
        expect(page.serviceError).toBeNull();
      }
    }
    // No filter: the explorer's pending row is listed; its next page starts after it.
    const first = await call<HistoryPage>(bg, SWAP.history, {});
    const pendingRow = first.items.find((i) => i.source === 'service' && i.status === 'PENDING_DEPOSIT');
    expect(pendingRow?.depositMemo).toBe('1111111');
    const after = await call<HistoryPage>(bg, SWAP.history, {
      lastDepositAddress: pendingRow!.depositAddress,
      lastDepositMemo: pendingRow!.depositMemo!,
    });
    expect(after.serviceError).toBeNull();
    expect(after.items.map((i) => i.key)).not.toContain(pendingRow!.key);

    const pool = await call<SwapRecordView>(bg, SWAP.start, anyInput);
    expect((await call<SwapRecordView>(bg, SWAP.refresh, { id: pool.id })).withdrawals).toHaveLength(3);

    const intents = await call<SwapRecordView>(bg, SWAP.start, params({ depositType: 'INTENTS' }));
    const preview = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: intents.id });
    expect(preview.route).toBe('service');
    const paid = await call<SwapRecordView>(bg, SWAP.payFromIntents, {
      id: intents.id,
      reviewed: preview.reviewed,
      acknowledgeDanger: true,
    });
    expect(paid.paidIntentHash).toBeTruthy();

    // A dApp connects, publishes a transfer it asked the user for, and follows it.
    const dapp = { url: 'https://dapp.example/', origin: 'https://dapp.example', frameId: 0, tab: { id: 7 } };
    const ask = (method: string, p?: unknown) =>
      bg.route(
        { type: 'request', method, doc: '0'.repeat(32), ...(p === undefined ? {} : { params: p }) },
        dapp,
      ) as Promise<RuntimeReply | DeferredReply>;
    const approve = async (reply: RuntimeReply | DeferredReply, extra: Record<string, unknown> = {}) => {
      if (reply.ok !== 'deferred') return reply;
      const view = await call<ApprovalViewWire | null>(bg, APPROVAL.current);
      await call(bg, APPROVAL.resolve, { id: view!.id, approve: true, ...extra });
      const hit = pushes.find((m) => m.type === 'approvalResult' && m.approvalId === reply.approvalId);
      if (hit?.type !== 'approvalResult') throw new Error('no answer was pushed to the page');
      return hit.reply;
    };
    expect((await approve(await ask(METHODS.requestAccounts, {}), { accounts: [account] })).ok).toBe(true);
    const transfer = { intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: '1000' } };
    const out = await approve(await ask(METHODS.publishIntents, { intents: [transfer] }), { acknowledgeDanger: true });
    expect(out).toMatchObject({ ok: true, result: { status: 'OK' } });
    const intentHash = (out as { result: { intentHash: string } }).result.intentHash;
    expect(await ask(METHODS.getIntentStatus, { intentHash })).toMatchObject({
      ok: true,
      result: { status: 'PENDING' },
    });

    // Every endpoint of the journey was reached, and none refused anything.
    for (const hit of [
      '/v0/tokens',
      '/v0/quote',
      '/v0/deposit/submit',
      '/v0/status',
      '/api/v0/transactions',
      '/v0/any-input/withdrawals',
      '/v0/generate-intent',
      '/v0/submit-intent',
      'publish_intent',
      'get_status',
      'current_salt',
      'simulate_intents',
    ]) {
      expect(fake.hits(hit), hit).toBeGreaterThan(0);
    }
    expect(fake.seen.find((s) => s.url.endsWith('/v0/deposit/submit'))?.body).toMatchObject({
      nearSenderAccount: 'alice.near',
    });
    expect(fake.refusals).toEqual([]);
  });

  it('custom endpoints on the live hosts with wire names "interface": the live names still go out', async () => {
    const fake = liveServices({ balances: {} });
    const bg = startBackground({
      ...backgroundEnv({ now: Date.now() }, memoryVaultStorage()),
      fetch: fake.fetch,
      defaultPreset: 'mainnet',
    });
    const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const account = created.status.accounts[0]!.accountId;
    await call(bg, WALLET.setSettings, { jwt: JWT });
    // The same live hosts, written by hand (a path added to the explorer's), and the setting says "interface".
    // The fake signs quotes with a key of its own (the live key's secret is not ours): set as the custom endpoints' key.
    const settings = await call<SettingsView>(bg, WALLET.setSettings, {
      endpoints: { transactions: `${LIVE_HOSTS.transactions}/` },
      wireNames: 'interface',
      quoteSigningKey: FAKE_QUOTE_SIGNING_KEY,
    });
    expect(settings).toMatchObject({ preset: 'custom', wireNames: 'interface' });
    const quote = {
      swapType: 'EXACT_INPUT',
      slippageTolerance: 100,
      originAsset: WNEAR,
      depositType: 'ORIGIN_CHAIN',
      destinationAsset: USDC,
      amount: '1000',
      refundTo: account,
      refundType: 'INTENTS',
      recipient: account,
      recipientType: 'INTENTS',
      deadline: new Date(Date.now() + 3600_000).toISOString(),
    };
    const swap = await call<SwapRecordView>(bg, SWAP.start, quote);
    await call(bg, SWAP.submitDeposit, { id: swap.id, txHash: 'HomeTx2', homeSenderAccount: 'alice.near' });
    const page = await call<HistoryPage>(bg, SWAP.history, { fromChainId: 'home', statuses: ['SUCCESS', 'REFUNDED'] });
    expect(page.serviceError).toBeNull();
    expect(fake.seen.find((s) => s.url.endsWith('/v0/deposit/submit'))?.body).toMatchObject({
      nearSenderAccount: 'alice.near',
    });
    expect(fake.refusals).toEqual([]);
  });
});
