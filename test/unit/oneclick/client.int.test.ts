// The swap-service client against the running simulator over HTTP: every endpoint, the JWT header,
// Error mapping (docs/services.md) (the server's message and status, 404 → UnknownDepositError, 401 without JWT),
// retries on injected faults (429, 500, timeout), cancellation.

import { verifyQuoteSignature } from '@defuse-protocol/one-click-sdk-typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { type FetchLike, type HttpDeps, HttpError } from '../../../src/core';
import {
  getQuote,
  getStatus,
  getTransactions,
  OneClickError,
  submitDeposit,
  UnknownDepositError,
} from '../../../src/oneclick';
import { simulatorPerFile } from '../../support/simulatorPerFile';

const sim = simulatorPerFile();
afterEach(() => fetch(`${sim.url}/dev/faults`, { method: 'DELETE' }));

const waits: number[] = [];
const deps = (policy: HttpDeps['policy'] = {}): HttpDeps => ({
  fetch: (url, init) => fetch(url, init),
  sleep: async (ms) => void waits.push(ms),
  policy: { backoffMs: 10, ...policy },
});

/** The key the simulator signs quotes with, as the settings give it. */
const key = () => ({ quoteSigningKey: sim.quotePublicKey });
/** The dev JWT, bound to the simulator's origin as the settings bind it. */
const jwt = () => ({ value: sim.devJwt, origins: [new URL(sim.url).origin] });

const request = (overrides: Record<string, unknown> = {}) => ({
  swapType: 'EXACT_INPUT',
  slippageTolerance: 100,
  originAsset: 'nep141:wrap.near',
  depositType: 'ORIGIN_CHAIN',
  destinationAsset: 'nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1',
  amount: (10n ** 24n).toString(),
  refundTo: 'alice.near',
  refundType: 'ORIGIN_CHAIN',
  recipient: 'bob.near',
  recipientType: 'DESTINATION_CHAIN',
  deadline: new Date(sim.sim.ctx.clock.nowMs() + 3600_000).toISOString(),
  ...overrides,
});

async function fault(kind: '429' | '500' | 'timeout', count: number, pathPrefix: string) {
  await fetch(`${sim.url}/dev/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind, count, pathPrefix }),
  });
}

describe('quotes', () => {
  it('a dry quote without JWT: no deposit address, the platform fee in the echo', async () => {
    const { response } = await getQuote(deps(), sim.url, { dry: true, ...request() }, key());
    expect(response.quote.depositAddress).toBeUndefined();
    expect(response.quoteRequest.appFees?.length).toBe(1);
  });

  it('a real quote with the JWT: no fee, a deposit address, and the raw answer verifies with its signature', async () => {
    const { response, rawText } = await getQuote(
      deps(),
      `${sim.url}/`,
      { dry: false, ...request() },
      { ...key(), jwt: jwt() },
    );
    expect(response.quote.depositAddress).toBeTruthy();
    expect(response.quoteRequest.appFees ?? []).toEqual([]);
    // The kept text is the service's answer byte for byte, and the official SDK verifies it.
    expect(
      verifyQuoteSignature(JSON.parse(rawText) as Parameters<typeof verifyQuoteSignature>[0], sim.quotePublicKey),
    ).toBe(true);
  });

  it('a 400 carries the service message, status and correlation id', async () => {
    const e = await getQuote(
      deps(),
      sim.url,
      { dry: true, ...request({ originAsset: 'nep141:nope.near' }) },
      key(),
    ).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(OneClickError);
    expect(e).toMatchObject({ status: 400, message: 'tokenIn is not valid', correlationId: expect.any(String) });
    const low = await getQuote(deps(), sim.url, { dry: true, ...request({ amount: '1' }) }, key()).catch(
      (x: unknown) => x,
    );
    expect((low as Error).message).toMatch(/try at least \d+/);
  });
});

describe('deposit submit and status', () => {
  it('submits a deposit (homeSenderAccount) and reads the status, with and without the memo', async () => {
    const { response } = await getQuote(deps(), sim.url, { dry: false, ...request() }, { ...key(), jwt: jwt() });
    const depositAddress = response.quote.depositAddress!;
    const st = await submitDeposit(
      deps(),
      sim.url,
      { txHash: 'FakeHomeTx111', depositAddress, homeSenderAccount: 'alice.near' },
      { jwt: jwt() },
    );
    expect(st.status).toBe('KNOWN_DEPOSIT_TX');
    expect(st.swapDetails.originChainTxHashes[0]?.hash).toBe('FakeHomeTx111');
    const again = await getStatus(deps(), sim.url, depositAddress, null, { jwt: jwt() });
    expect(again.quoteResponse.signature).toBe(response.signature);
  });

  it('404 for an unknown deposit address is an UnknownDepositError', async () => {
    const e = await getStatus(deps(), sim.url, '0xunknown').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UnknownDepositError);
    expect(e).toMatchObject({ status: 404, message: 'Deposit address not found' });
    const s = await submitDeposit(deps(), sim.url, { txHash: 'x', depositAddress: '0xunknown' }).catch(
      (x: unknown) => x,
    );
    expect(s).toBeInstanceOf(UnknownDepositError);
  });
});

describe('transactions API', () => {
  it('401 without the JWT; with it, records filtered by the query (statuses as a comma list)', async () => {
    const e = await getTransactions(deps(), sim.urls.transactions, {}).catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 401, message: expect.stringMatching(/Unauthorized/) });
    await fetch(`${sim.url}/dev/seed-swaps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 30 }),
    });
    const page = await getTransactions(
      deps(),
      sim.urls.transactions,
      { numberOfTransactions: 5, statuses: ['SUCCESS', 'REFUNDED'], showTestTxs: false, search: undefined },
      { jwt: jwt() },
    );
    expect(page).toHaveLength(5);
    expect(page.every((t) => t.status === 'SUCCESS' || t.status === 'REFUNDED')).toBe(true);
    const next = await getTransactions(
      deps(),
      sim.urls.transactions,
      { numberOfTransactions: 5, lastDepositAddress: page[4]!.depositAddress, lastDepositMemo: page[4]!.depositMemo },
      { jwt: jwt() },
    );
    expect(next.map((t) => t.depositAddress)).not.toContain(page[4]!.depositAddress);
    const bad = await getTransactions(deps(), sim.urls.transactions, { numberOfTransactions: 0 }, { jwt: jwt() }).catch(
      (x: unknown) => x,
    );
    expect(bad).toMatchObject({ status: 400, message: expect.stringMatching(/numberOfTransactions/) });
  });
});

describe('retries and cancellation', () => {
  it('retries 429 and 500 with backoff, then answers', async () => {
    waits.length = 0;
    await fault('429', 1, '/v0/status');
    await fault('500', 1, '/v0/status');
    const e = await getStatus(deps(), sim.url, '0xunknown').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UnknownDepositError);
    expect(waits).toEqual([10, 20]);
  });

  it('gives up after the retry budget with the last status and message', async () => {
    await fault('429', 5, '/v0/quote');
    const e = await getQuote(deps({ retries: 2 }), sim.url, { dry: true, ...request() }, key()).catch(
      (x: unknown) => x,
    );
    expect(e).toMatchObject({ status: 429, message: 'Too many requests (injected fault)' });
  });

  it('times out a hanging request and retries it', async () => {
    await fault('timeout', 1, '/v0/quote');
    // Real time: the client's own per-attempt timeout is what is tested. Long enough that the answered
    // retry is never cut short on a busy machine; the held attempt costs that much once.
    const { response } = await getQuote(deps({ timeoutMs: 2_000 }), sim.url, { dry: true, ...request() }, key());
    expect(response.quote.amountOut).toMatch(/^\d+$/);
  });

  it('is cancelled by its AbortSignal', async () => {
    await fault('timeout', 1, '/v0/quote');
    const controller = new AbortController();
    // Cancelled while the simulator holds it, so the fault is met and nothing is left queued.
    const stop = sim.sim.ctx.faults.onHold(() => controller.abort());
    const e = await getQuote(
      deps(),
      sim.url,
      { dry: true, ...request() },
      { ...key(), signal: controller.signal },
    ).catch((x: unknown) => x);
    stop();
    expect(e).toBeInstanceOf(HttpError);
    expect(e).toMatchObject({ kind: 'aborted' });
  });

  it('an answer that breaks the schema is a parse error, not a crash', async () => {
    const e = await getQuote(
      {
        ...deps(),
        fetch: async () => ({ status: 200, headers: { get: () => null }, text: async () => '{"quote":{}}' }),
      },
      sim.url,
      { dry: true },
      key(),
    ).catch((x: unknown) => x);
    expect(e).toMatchObject({ kind: 'parse', message: expect.stringMatching(/Unexpected answer/) });
  });
});

describe('the JWT on the wire', () => {
  it('goes as Bearer only to its own origins, with redirects refused; not to another swap service', async () => {
    const calls: { url: string; init: Parameters<FetchLike>[1] }[] = [];
    const recording: HttpDeps = {
      fetch: async (url, init) => {
        calls.push({ url, init });
        return fetch(url, init);
      },
      sleep: async () => {},
    };
    const bound = { value: sim.devJwt, origins: [new URL(sim.url).origin] };
    await getQuote(recording, sim.url, { dry: true, ...request() }, { ...key(), jwt: bound });
    // The same JWT asked to go to another service (e.g. one a tracked swap was made on): left off.
    const elsewhere = `http://localhost:${new URL(sim.url).port}`;
    await getQuote(recording, elsewhere, { dry: true, ...request() }, { ...key(), jwt: bound });
    expect(calls.map((c) => [c.init.headers.authorization, c.init.redirect])).toEqual([
      [`Bearer ${sim.devJwt}`, 'manual'],
      [undefined, 'manual'],
    ]);
  });
});
