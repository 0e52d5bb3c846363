// The bus and ledger-RPC clients read the answers the live services give (test/fixtures/live/, each
// with its source): a `quote` result mixing offers and INSUFFICIENT_AMOUNT failures, or `null`; view
// panics in nearcore's GuestPanic form (as `result.error` or a JSON-RPC error) and the older wording.
// The network is a fake that answers with those fixtures; the clients are the real ones.
import { describe, expect, it } from 'vitest';
import { LedgerRpcClient, LedgerViewError, MessageBusClient, noOfferText } from '../../../src/bus';
import type { HttpDeps } from '../../../src/core';
import quoteRequest from '../../fixtures/live/bus-quote.request.json';
import failuresOnly from '../../fixtures/live/bus-quote-failures-only.response.json';
import mixed from '../../fixtures/live/bus-quote-mixed.response.json';
import empty from '../../fixtures/live/bus-quote-null.response.json';
import panicError from '../../fixtures/live/ledger-panic-error.response.json';
import guest from '../../fixtures/live/ledger-panic-guest.response.json';
import older from '../../fixtures/live/ledger-panic-smart-contract.response.json';

function answering(body: unknown, seen: unknown[] = []): HttpDeps {
  return {
    fetch: async (_url, init) => {
      seen.push(JSON.parse(init.body!));
      return { status: 200, headers: { get: () => null }, text: async () => JSON.stringify(body) };
    },
    sleep: async () => undefined,
    policy: { retries: 0 },
  };
}

const bus = (body: unknown, seen?: unknown[]) =>
  new MessageBusClient({ url: 'https://solver-relay-v2.chaindefuser.com/rpc', deps: answering(body, seen) });
const ledger = (body: unknown) =>
  new LedgerRpcClient({ url: 'https://rpc.example', verifierId: 'intents.near', deps: answering(body) });
const params = quoteRequest.params[0]!;

describe('bus quote answers', () => {
  it('keeps the offers of a mixed answer and the smallest minimum of the failures', async () => {
    const seen: unknown[] = [];
    const answer = await bus(mixed, seen).quote(params);
    expect(answer.offers.map((o) => o.amount_out)).toEqual(['2310000', '2305000']);
    expect(answer.minAmount).toBe('2000000000000000000000000');
    expect(noOfferText(answer)).toBeNull();
    expect(seen[0]).toMatchObject({ method: 'quote', params: [params] });
  });

  it('failures only: "the minimum amount is X", in the caller’s units', async () => {
    const answer = await bus(failuresOnly).quote(params);
    expect(answer).toEqual({ offers: [], minAmount: '2000000000000000000000000' });
    expect(noOfferText(answer, (a) => `${BigInt(a) / 10n ** 24n} wNEAR`)).toBe(
      'No solver offered a quote: the minimum amount is 2 wNEAR',
    );
  });

  it('null (no solver answered) is no offer and no minimum', async () => {
    const answer = await bus(empty).quote(params);
    expect(answer).toEqual({ offers: [], minAmount: null });
    expect(noOfferText(answer)).toBe('No solver offered a quote');
  });

  it('drops offers for other tokens or another fixed amount, and items of unknown shape', async () => {
    const [offer] = mixed.result as unknown as Record<string, string>[];
    const body = {
      ...mixed,
      result: [
        offer,
        { ...offer, quote_hash: 'x1', defuse_asset_identifier_out: 'nep141:evil.near' },
        { ...offer, quote_hash: 'x2', amount_in: '1' },
        { type: 'SOMETHING_NEW', detail: 1 },
      ],
    };
    const answer = await bus(body).quote(params);
    expect(answer.offers.map((o) => o.quote_hash)).toEqual([offer!.quote_hash]);
  });
});

describe('ledger view panics', () => {
  it('result.error in the GuestPanic form gives the panic_msg', async () => {
    const e = await ledger(guest)
      .isNonceUsed('alice.near', 'AAAA')
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LedgerViewError);
    expect((e as LedgerViewError).panic).toBe('nonce was already used');
  });

  it('a JSON-RPC error carrying a GuestPanic gives the panic_msg, unescaped', async () => {
    const e = await ledger(panicError)
      .fee()
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LedgerViewError);
    expect((e as LedgerViewError).panic).toBe('invalid "salt" for this account');
  });

  it('the older "Smart contract panicked:" wording still gives the message', async () => {
    const e = await ledger(older)
      .fee()
      .catch((x: unknown) => x);
    expect((e as LedgerViewError).panic).toBe('insufficient balance or overflow');
  });
});
