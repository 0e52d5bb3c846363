// Wire names per network (docs/services.md, "Wire names"): the client sends the live names to live
// services and the interface's to the simulator, and reads both. Checked against a strict fake that
// answers with the live shapes in test/fixtures/live/ and refuses fields and chain ids the live
// services do not know (SDK models SubmitDepositTxRequest, TokenResponse.blockchain).
// The interface: docs/interface.md.
import { TokenResponse } from '@defuse-protocol/one-click-sdk-typescript';
import { describe, expect, it } from 'vitest';
import { wireNamesOf } from '../../../src/background/wallet/settings';
import {
  applySettingsChange,
  defaultSettings,
  settingsSchema,
  settingsView,
} from '../../../src/background/wallet/settingsModel';
import type { FetchLike, HttpDeps } from '../../../src/core';
import {
  EXPLORER_STATUSES,
  fromWire,
  getStatus,
  getTransactions,
  OneClickError,
  quoteResponseSchema,
  submitDeposit,
  tokenSchema,
  toWire,
  wireNamesFor,
} from '../../../src/oneclick';
import depositRequest from '../../fixtures/live/deposit-submit.request.json';
import quoteFixture from '../../fixtures/live/quote-exact-input.response.json';
import statusSuccess from '../../fixtures/live/status-success.response.json';
import tokens from '../../fixtures/live/tokens.response.json';
import transactionsRequest from '../../fixtures/live/transactions.request.json';
import transactions from '../../fixtures/live/transactions.response.json';

const LIVE = 'https://1click.example';
const DEPOSIT_FIELDS = new Set(['txHash', 'depositAddress', 'nearSenderAccount', 'memo']);
const LIVE_CHAINS = new Set<string>(Object.values(TokenResponse.blockchain));

interface Seen {
  url: string;
  body?: unknown;
}

/** The live services as far as these calls go: unknown body fields and chain ids are a 400, as the live validator answers. */
function strictLive(seen: Seen[]): HttpDeps {
  const answer = (status: number, body: unknown) => ({
    status,
    headers: { get: () => null },
    text: async () => JSON.stringify(body),
  });
  const refuse = (message: string) =>
    answer(400, { message, correlationId: 'c', timestamp: '2026-05-01T10:00:00.000Z' });
  const fetch: FetchLike = async (url, init) => {
    const body = init.body === undefined ? undefined : (JSON.parse(init.body) as Record<string, unknown>);
    seen.push({ url, body });
    const u = new URL(url);
    if (u.pathname === '/v0/deposit/submit') {
      const extra = Object.keys(body ?? {}).find((k) => !DEPOSIT_FIELDS.has(k));
      if (extra) return refuse(`property ${extra} should not exist`);
      return answer(200, statusSuccess);
    }
    if (u.pathname === '/v0/status') return answer(200, statusSuccess);
    if (u.pathname === '/api/v0/transactions') {
      for (const k of ['fromChainId', 'toChainId']) {
        const c = u.searchParams.get(k);
        if (c !== null && !LIVE_CHAINS.has(c)) return refuse(`${k} must be a valid chain id`);
      }
      return answer(200, transactions);
    }
    return answer(404, { message: 'Not Found' });
  };
  return { fetch, sleep: async () => undefined, policy: { retries: 0 } };
}

describe('toWire / fromWire', () => {
  it('live: homeX keys become nearX and chain ids home become near, deeply; account ids stay', () => {
    const out = toWire('live', {
      homeSenderAccount: 'alice.near',
      fromChainId: 'home',
      toChainId: 'eth',
      inner: [{ homeTxHashes: ['h'], blockchain: 'home' }],
    });
    expect(out).toEqual({
      nearSenderAccount: 'alice.near',
      fromChainId: 'near',
      toChainId: 'eth',
      inner: [{ nearTxHashes: ['h'], blockchain: 'near' }],
    });
  });

  it('interface: sent as it is', () => {
    const body = { homeSenderAccount: 'alice.near', fromChainId: 'home' };
    expect(toWire('interface', body)).toEqual({ homeSenderAccount: 'alice.near', fromChainId: 'home' });
  });

  it('inbound: both spellings become the interface’s, nulls are dropped, the interface’s wins a tie', () => {
    expect(fromWire({ nearTxHashes: ['a'], nearby: 1, x: null })).toEqual({ homeTxHashes: ['a'], nearby: 1 });
    expect(fromWire({ homeTxHashes: ['a'] })).toEqual({ homeTxHashes: ['a'] });
    expect(fromWire({ nearTxHashes: ['live'], homeTxHashes: ['iface'] })).toEqual({ homeTxHashes: ['iface'] });
  });

  it('a `__proto__` member is data the wallet drops, never a prototype: no unsigned field is inherited', () => {
    // Parsed as JSON, `__proto__` is an own member; copied by assignment it would become the prototype.
    const raw = JSON.parse('{"quote":{"amountIn":"1","__proto__":{"depositMemo":"666","withdrawFee":"1"}}}');
    const read = fromWire(raw) as { quote: Record<string, unknown> };
    expect(Object.getPrototypeOf(read.quote)).toBe(Object.prototype);
    expect(read.quote.depositMemo).toBeUndefined();
    expect(read.quote).toEqual({ amountIn: '1' });
    const answer = JSON.parse(JSON.stringify(quoteFixture));
    answer.quote = JSON.parse(`{"__proto__":{"depositMemo":"666"},${JSON.stringify(answer.quote).slice(1)}`);
    const parsed = quoteResponseSchema.parse(fromWire(answer));
    expect(parsed.quote.depositMemo).toBeUndefined();
  });

  it('per network: Mainnet live, Local the interface’s, custom as set (default live)', () => {
    expect(wireNamesFor('mainnet', 'interface')).toBe('live');
    expect(wireNamesFor('local', 'live')).toBe('interface');
    expect(wireNamesFor('custom', 'interface')).toBe('interface');
    expect(wireNamesFor('custom', undefined)).toBe('live');
  });
});

describe('the client against the live shapes', () => {
  it('deposit submit on live names sends exactly the SDK’s body, and reads nearTxHashes as homeTxHashes', async () => {
    const seen: Seen[] = [];
    const st = await submitDeposit(
      strictLive(seen),
      LIVE,
      { ...depositRequest, homeSenderAccount: 'alice.near', nearSenderAccount: undefined } as never,
      { wireNames: 'live' },
    );
    expect(seen[0]?.body).toEqual(depositRequest);
    expect(st.swapDetails.homeTxHashes).toEqual(statusSuccess.swapDetails.nearTxHashes);
    expect(st.swapDetails).not.toHaveProperty('nearTxHashes');
  });

  it('the interface’s names are refused by the live service (the reason for the mapping)', async () => {
    const { nearSenderAccount, ...rest } = depositRequest;
    await expect(
      submitDeposit(
        strictLive([]),
        LIVE,
        { ...rest, homeSenderAccount: nearSenderAccount },
        { wireNames: 'interface' },
      ),
    ).rejects.toMatchObject({
      constructor: OneClickError,
      status: 400,
      message: 'property homeSenderAccount should not exist',
    });
  });

  it('status answers in the live spelling parse (nulls read as absent)', async () => {
    const st = await getStatus(strictLive([]), LIVE, statusSuccess.quoteResponse.quote.depositAddress, undefined, {
      wireNames: 'live',
    });
    expect(st).toMatchObject({
      status: 'SUCCESS',
      swapDetails: { homeTxHashes: statusSuccess.swapDetails.nearTxHashes },
    });
    expect(st.swapDetails.referral).toBeUndefined();
  });

  it('history chain filters leave as near on live names and the records read homeTxHashes', async () => {
    const seen: Seen[] = [];
    const txs = await getTransactions(
      strictLive(seen),
      `${LIVE}/api/v0`,
      { numberOfTransactions: 50, fromChainId: 'home', toChainId: 'eth', statuses: ['SUCCESS', 'REFUNDED'] },
      { wireNames: 'live' },
    );
    expect(new URL(seen[0]!.url).search.slice(1)).toBe(transactionsRequest.query);
    const success = transactions.findIndex((t) => t.status === 'SUCCESS');
    expect(txs[success]).toMatchObject({ homeTxHashes: transactions[success]!.nearTxHashes });
    expect(txs[success]?.depositMemo).toBeUndefined();
    await expect(
      getTransactions(strictLive([]), `${LIVE}/api/v0`, { fromChainId: 'home' }, { wireNames: 'interface' }),
    ).rejects.toThrow(/fromChainId/);
  });

  it('the paging cursor: both spellings send lastDepositAddress and lastDepositMemo, never the deprecated joined one', async () => {
    const cursor = { numberOfTransactions: 10, direction: 'next', lastDepositAddress: 'GADDR', lastDepositMemo: '42' };
    for (const wireNames of ['live', 'interface'] as const) {
      const seen: Seen[] = [];
      await getTransactions(strictLive(seen), `${LIVE}/api/v0`, cursor, { wireNames });
      const q = new URL(seen[0]!.url).searchParams;
      expect(
        [q.get('lastDepositAddress'), q.get('lastDepositMemo'), q.has('lastDepositAddressAndMemo')],
        wireNames,
      ).toEqual(['GADDR', '42', false]);
    }
    // A memo alone names no row: it is not sent.
    const lone: Seen[] = [];
    await getTransactions(strictLive(lone), `${LIVE}/api/v0`, { lastDepositMemo: '42' }, { wireNames: 'live' });
    expect(new URL(lone[0]!.url).searchParams.has('lastDepositMemo')).toBe(false);
  });

  it('statuses: always named (all of them when none is chosen); repeated on live names, comma-joined on the interface’s', async () => {
    const live: Seen[] = [];
    await getTransactions(strictLive(live), `${LIVE}/api/v0`, {}, { wireNames: 'live' });
    expect(new URL(live[0]!.url).searchParams.getAll('statuses')).toEqual([...EXPLORER_STATUSES]);
    expect(EXPLORER_STATUSES).toContain('PENDING_DEPOSIT');
    const empty: Seen[] = [];
    await getTransactions(strictLive(empty), `${LIVE}/api/v0`, { statuses: [] }, { wireNames: 'live' });
    expect(new URL(empty[0]!.url).searchParams.getAll('statuses')).toEqual([...EXPLORER_STATUSES]);
    const sim: Seen[] = [];
    await getTransactions(
      strictLive(sim),
      `${LIVE}/api/v0`,
      { statuses: ['SUCCESS', 'PENDING_DEPOSIT'] },
      { wireNames: 'interface' },
    );
    expect(new URL(sim[0]!.url).searchParams.getAll('statuses')).toEqual(['SUCCESS,PENDING_DEPOSIT']);
    const simAll: Seen[] = [];
    await getTransactions(strictLive(simAll), `${LIVE}/api/v0`, {}, { wireNames: 'interface' });
    expect(new URL(simAll[0]!.url).searchParams.get('statuses')).toBe(EXPLORER_STATUSES.join(','));
  });

  it('USD bounds: not live explorer parameters, so never sent on live names; the interface sends them', async () => {
    const live: Seen[] = [];
    await getTransactions(
      strictLive(live),
      `${LIVE}/api/v0`,
      { minUsdPrice: 5, maxUsdPrice: 50, toChainId: 'eth' },
      { wireNames: 'live' },
    );
    const q = new URL(live[0]!.url).searchParams;
    expect([q.has('minUsdPrice'), q.has('maxUsdPrice'), q.get('toChainId')]).toEqual([false, false, 'eth']);
    const sim: Seen[] = [];
    await getTransactions(
      strictLive(sim),
      `${LIVE}/api/v0`,
      { minUsdPrice: 5, maxUsdPrice: 50 },
      { wireNames: 'interface' },
    );
    const i = new URL(sim[0]!.url).searchParams;
    expect([i.get('minUsdPrice'), i.get('maxUsdPrice')]).toEqual(['5', '50']);
  });

  it('token chains: near reads as home; chains the SDK knows (movement) are kept', () => {
    expect(tokens.map((t) => tokenSchema.parse(t).blockchain)).toEqual(['home', 'eth', 'movement']);
  });
});

describe('the wireNames setting', () => {
  it('defaults to live, is changed by the settings API, and settings saved before it read as live', () => {
    const old = defaultSettings('local');
    delete (old as { wireNames?: unknown }).wireNames;
    expect(settingsView(settingsSchema.parse(old), {}).wireNames).toBe('live');
    const custom = applySettingsChange(old, { endpoints: { swap: 'https://swap.example' }, wireNames: 'interface' });
    expect(custom).toMatchObject({ preset: 'custom', wireNames: 'interface' });
    expect(wireNamesOf(custom)).toBe('interface');
    // A preset decides for itself whatever the setting says.
    expect(wireNamesOf(applySettingsChange(custom, { preset: 'mainnet' }))).toBe('live');
    expect(wireNamesOf(applySettingsChange(custom, { preset: 'local' }))).toBe('interface');
  });

  it('custom endpoints on the live hosts get the live names whatever the setting', () => {
    const custom = applySettingsChange(defaultSettings('mainnet'), {
      endpoints: { transactions: 'https://explorer.near-intents.org/api/v0/' },
      wireNames: 'interface',
    });
    expect(custom).toMatchObject({ preset: 'custom', wireNames: 'interface' });
    for (const url of [
      custom.endpoints.swap,
      custom.endpoints.transactions,
      'https://explorer.near-intents.org/other',
      'https://free.rpc.fastnear.com',
    ])
      expect(wireNamesOf(custom, url), url).toBe('live');
    expect(wireNamesOf(custom)).toBe('interface');
    expect(
      wireNamesOf(applySettingsChange(custom, { endpoints: { swap: 'https://swap.example' } }), 'https://swap.example'),
    ).toBe('interface');
    // A look-alike host is not a live host.
    expect(wireNamesOf(custom, 'https://1click.chaindefuser.com.evil.example')).toBe('interface');
  });

  it('a swap made on another network keeps that network’s names', () => {
    const custom = applySettingsChange(defaultSettings('local'), {
      endpoints: { swap: 'https://swap.example' },
      wireNames: 'interface',
    });
    expect(wireNamesOf(custom, 'https://1click.chaindefuser.com')).toBe('live');
    expect(wireNamesOf(custom, 'http://127.0.0.1:3999')).toBe('interface');
    expect(wireNamesOf(defaultSettings('mainnet'), 'https://elsewhere.example')).toBe('live');
  });
});
