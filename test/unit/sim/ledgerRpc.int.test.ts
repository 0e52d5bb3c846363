/**
 * `POST /ledger-rpc` in the ledger RPC's own shapes: every view, simulate_intents per
 * docs/protocol.md, contract panics as `result.error`, request errors as nearcore's structured
 * errors; and the salt dev controls seen through the views (docs/protocol.md, "Nonces").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, utf8 } from '../../../src/core';
import { rfc3339Of } from '../../../src/sim/ledger/engine';
import {
  busCall,
  fund,
  ledgerAnswer,
  type PublishAnswer,
  postJson,
  simNow,
  startTestSim,
  type TestSim,
  TestUser,
} from './harness';

const USDC = 'nep141:usdc.near';

let sim: TestSim;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.close());

const query = (params: Record<string, unknown>, method = 'query') =>
  postJson<Record<string, unknown>>(sim.urls.ledgerRpc, { jsonrpc: '2.0', id: 7, method, params });

const callFunction = (method_name: string, args: string, account_id = 'intents.sim') =>
  query({ request_type: 'call_function', finality: 'final', account_id, method_name, args_base64: args });

const panicOf = (msg: string) =>
  `wasm execution failed with error: HostError(GuestPanic { panic_msg: ${JSON.stringify(msg)} })`;

describe('result shape', () => {
  it('answers {result: bytes, logs, block_height, block_hash} and echoes the id', async () => {
    const res = await callFunction('current_salt', base64.encode(utf8.encode('{}')));
    expect(res.status).toBe(200);
    const json = res.json as {
      jsonrpc: string;
      id: number;
      result: { result: number[]; logs: unknown[]; block_height: number; block_hash: string };
    };
    expect(json.jsonrpc).toBe('2.0');
    expect(json.id).toBe(7);
    expect(json.result.logs).toEqual([]);
    expect(typeof json.result.block_height).toBe('number');
    expect(json.result.block_hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(JSON.parse(utf8.decode(new Uint8Array(json.result.result)))).toMatch(/^[0-9a-f]{8}$/);
  });

  it('empty args are fine for methods without parameters', async () => {
    const res = await callFunction('fee', '');
    const json = res.json as { result: { result: number[] } };
    expect(JSON.parse(utf8.decode(new Uint8Array(json.result.result)))).toBe(1);
  });
});

describe('views', () => {
  it('fee, fee_collector, current_salt, is_valid_salt', async () => {
    expect((await ledgerAnswer(sim, 'fee')).value).toBe(1);
    expect((await ledgerAnswer(sim, 'fee_collector')).value).toBe('fees.intents.sim');
    const salt = (await ledgerAnswer<string>(sim, 'current_salt')).value!;
    expect((await ledgerAnswer(sim, 'is_valid_salt', { salt })).value).toBe(true);
    expect(
      (await ledgerAnswer(sim, 'is_valid_salt', { salt: salt === '00000000' ? '00000001' : '00000000' })).value,
    ).toBe(false);
  });

  it('mt_balance_of and mt_batch_balance_of (u128 strings)', async () => {
    const user = new TestUser(sim);
    await fund(sim, user.accountId, USDC, 123n);
    expect((await ledgerAnswer(sim, 'mt_balance_of', { account_id: user.accountId, token_id: USDC })).value).toBe(
      '123',
    );
    expect(
      (
        await ledgerAnswer(sim, 'mt_batch_balance_of', {
          account_id: user.accountId,
          token_ids: [USDC, 'nep141:wrap.near'],
        })
      ).value,
    ).toEqual(['123', '0']);
  });

  it('public_keys_of / has_public_key for an unseen implicit account and a named one', async () => {
    const user = new TestUser(sim);
    expect((await ledgerAnswer(sim, 'public_keys_of', { account_id: user.accountId })).value).toEqual([user.publicKey]);
    expect(
      (await ledgerAnswer(sim, 'has_public_key', { account_id: user.accountId, public_key: user.publicKey })).value,
    ).toBe(true);
    expect((await ledgerAnswer(sim, 'public_keys_of', { account_id: 'bob.near' })).value).toEqual([]);
    expect(
      (await ledgerAnswer(sim, 'has_public_key', { account_id: 'bob.near', public_key: user.publicKey })).value,
    ).toBe(false);
  });

  it('is_nonce_used turns true once the intent executes', async () => {
    const user = new TestUser(sim);
    const signed = await user.sign({ intents: [] });
    const nonce = signed.standard === 'nep413' ? signed.payload.nonce : '';
    expect((await ledgerAnswer(sim, 'is_nonce_used', { account_id: user.accountId, nonce })).value).toBe(false);
    await busCall<PublishAnswer>(sim, 'publish_intent', { quote_hashes: [], signed_data: signed });
    expect((await ledgerAnswer(sim, 'is_nonce_used', { account_id: user.accountId, nonce })).value).toBe(true);
  });
});

describe('simulate_intents (docs/protocol.md, "execute_intents and simulate_intents")', () => {
  it('prints timestamps as the contract does: RFC 3339, the fraction only as long as needed', () => {
    expect(rfc3339Of(0n)).toBe('1970-01-01T00:00:00Z');
    expect(rfc3339Of(1782395622_123456789n)).toBe('2026-06-25T13:53:42.123456789Z');
    expect(rfc3339Of(1782395622_500000000n)).toBe('2026-06-25T13:53:42.5Z');
  });

  it('returns intents_executed, logs ending with intents_executed, min_deadline and state; changes nothing', async () => {
    const user = new TestUser(sim);
    await fund(sim, user.accountId, USDC, 50n);
    const deadline = new Date(Math.ceil(((await simNow(sim)) + 120_000) / 1000) * 1000); // whole seconds
    const signed = await user.sign({
      intents: [{ intent: 'transfer', receiver_id: 'sim.near', tokens: { [USDC]: '20' } }],
      deadline,
    });
    const nonce = signed.standard === 'nep413' ? signed.payload.nonce : '';
    const out = (await ledgerAnswer<Record<string, unknown>>(sim, 'simulate_intents', { signed: [signed] })).value!;
    const salt = (await ledgerAnswer<string>(sim, 'current_salt')).value;
    expect(Object.keys(out).sort()).toEqual(['intents_executed', 'logs', 'min_deadline', 'state']);
    expect(out.intents_executed).toEqual([{ intent_hash: expect.any(String), account_id: user.accountId, nonce }]);
    // The contract prints RFC 3339 with only the fraction it needs: no `.000` for whole seconds.
    expect(out.min_deadline).toBe(deadline.toISOString().replace('.000Z', 'Z'));
    expect(out.min_deadline).not.toContain('.');
    expect(out.state).toEqual({ fee: 1, current_salt: salt });
    const logs = out.logs as string[];
    expect(logs).toHaveLength(2);
    const transfer = JSON.parse(logs[0]!.replace(/^EVENT_JSON:/, '')) as Record<string, unknown>;
    expect(transfer).toMatchObject({
      standard: 'dip4',
      event: 'transfer',
      data: [{ account_id: user.accountId, receiver_id: 'sim.near' }],
    });
    expect(logs[1]).toMatch(/^EVENT_JSON:\{"standard":"dip4","version":"[\d.]+","event":"intents_executed"/);
    // Nothing was executed.
    expect((await ledgerAnswer(sim, 'mt_balance_of', { account_id: user.accountId, token_id: USDC })).value).toBe('50');
    expect((await ledgerAnswer(sim, 'is_nonce_used', { account_id: user.accountId, nonce })).value).toBe(false);
  });

  it('reports an unbalanced batch in-band as invariant_violated', async () => {
    const user = new TestUser(sim);
    await fund(sim, user.accountId, USDC, 1000n);
    const signed = await user.sign({
      intents: [{ intent: 'token_diff', diff: { [USDC]: '-1000', 'nep141:wrap.near': '7' } }],
    });
    const out = (await ledgerAnswer<Record<string, unknown>>(sim, 'simulate_intents', { signed: [signed] })).value!;
    expect(out.invariant_violated).toEqual({
      error: 'unmatched_deltas',
      unmatched_deltas: { [USDC]: '-999', 'nep141:wrap.near': '7' },
    });
    expect((out.logs as string[])[0]).toContain('"fees_collected":{"nep141:usdc.near":"1"}');
  });

  it('panics with the verifier message on any other failure', async () => {
    const user = new TestUser(sim);
    const signed = await user.sign({
      intents: [{ intent: 'transfer', receiver_id: 'sim.near', tokens: { [USDC]: '1' } }],
    });
    expect((await ledgerAnswer(sim, 'simulate_intents', { signed: [signed] })).error).toBe(
      panicOf('insufficient balance or overflow'),
    );
    const stale = await user.sign({ intents: [], salt: 'abcdef12' });
    expect((await ledgerAnswer(sim, 'simulate_intents', { signed: [stale] })).error).toBe(panicOf('invalid salt'));
  });

  it('panics like near-sdk when the arguments do not deserialize', async () => {
    expect((await ledgerAnswer(sim, 'simulate_intents', { signed: [{ standard: 'nep413' }] })).error).toBe(
      panicOf('Failed to deserialize input from JSON.'),
    );
    expect((await ledgerAnswer(sim, 'mt_balance_of', { account_id: 'bob.near' })).error).toBe(
      panicOf('Failed to deserialize input from JSON.'),
    );
  });
});

describe('errors', () => {
  it('a method the contract lacks: MethodResolveError(MethodNotFound) in result.error', async () => {
    const res = await callFunction('ft_transfer_everything', '');
    expect(res.json).toMatchObject({
      id: 7,
      result: { error: 'wasm execution failed with error: MethodResolveError(MethodNotFound)', logs: [] },
    });
  });

  it('another account: HANDLER_ERROR / UNKNOWN_ACCOUNT', async () => {
    const res = await callFunction('current_salt', '', 'nobody.near');
    expect(res.json).toMatchObject({
      error: {
        name: 'HANDLER_ERROR',
        cause: { name: 'UNKNOWN_ACCOUNT', info: { requested_account_id: 'nobody.near' } },
        code: -32000,
        message: 'Server error',
      },
    });
  });

  it('an RPC method other than query: METHOD_NOT_FOUND', async () => {
    const res = await query({}, 'block');
    expect(res.json).toMatchObject({
      error: { name: 'REQUEST_VALIDATION_ERROR', cause: { name: 'METHOD_NOT_FOUND' }, code: -32601 },
    });
  });

  it('malformed JSON and params: PARSE_ERROR', async () => {
    const bad = await postJson(sim.urls.ledgerRpc, '{not json');
    expect(bad.json).toMatchObject({
      error: { name: 'REQUEST_VALIDATION_ERROR', cause: { name: 'PARSE_ERROR' }, code: -32700 },
    });
    const noFinality = await query({
      request_type: 'call_function',
      account_id: 'intents.sim',
      method_name: 'fee',
      args_base64: '',
    });
    expect(noFinality.json).toMatchObject({ error: { cause: { name: 'PARSE_ERROR' } } });
    const viewAccount = await query({ request_type: 'view_account', finality: 'final', account_id: 'intents.sim' });
    expect(viewAccount.json).toMatchObject({ error: { cause: { name: 'PARSE_ERROR' } } });
  });
});

describe('salts (dev controls, docs/protocol.md "Nonces")', () => {
  const dev = (path: string, body: unknown = {}) =>
    postJson<{ current_salt: string; previous?: string; message?: string }>(`${sim.url}${path}`, body);

  it('rotate keeps the old salt valid; invalidate refuses it; set makes a salt current', async () => {
    const user = new TestUser(sim);
    const old = (await ledgerAnswer<string>(sim, 'current_salt')).value!;
    const rotated = await dev('/dev/salt/rotate');
    expect(rotated.json.previous).toBe(old);
    const fresh = rotated.json.current_salt;
    expect(fresh).not.toBe(old);
    expect((await ledgerAnswer(sim, 'current_salt')).value).toBe(fresh);
    expect((await ledgerAnswer(sim, 'is_valid_salt', { salt: old })).value).toBe(true);
    const withOld = await user.sign({ intents: [], salt: old });
    expect(
      (await busCall<PublishAnswer>(sim, 'publish_intent', { quote_hashes: [], signed_data: withOld })).result,
    ).toMatchObject({ status: 'OK' });

    expect((await dev('/dev/salt/invalidate', { salts: [old] })).status).toBe(200);
    expect((await ledgerAnswer(sim, 'is_valid_salt', { salt: old })).value).toBe(false);
    const stale = await user.sign({ intents: [], salt: old });
    expect(
      (await busCall<PublishAnswer>(sim, 'publish_intent', { quote_hashes: [], signed_data: stale })).result,
    ).toMatchObject({
      status: 'FAILED',
      reason: 'invalid salt',
    });

    const set = await dev('/dev/salt', { salt: '252812B3' });
    expect(set.json.current_salt).toBe('252812b3');
    expect((await ledgerAnswer(sim, 'is_valid_salt', { salt: fresh })).value).toBe(true);
    const docs = await user.sign({ intents: [], salt: '252812b3' });
    expect(
      (await busCall<PublishAnswer>(sim, 'publish_intent', { quote_hashes: [], signed_data: docs })).result,
    ).toMatchObject({ status: 'OK' });
  });

  it('invalidating the current salt rotates first; unknown salts are skipped silently (the contract omits errors)', async () => {
    const current = (await ledgerAnswer<string>(sim, 'current_salt')).value!;
    const res = await dev('/dev/salt/invalidate', { salts: [current] });
    expect(res.json.current_salt).not.toBe(current);
    expect((await ledgerAnswer(sim, 'is_valid_salt', { salt: current })).value).toBe(false);
    const now = res.json.current_salt;
    // An unknown salt and an already invalid one are skipped; the valid one is still invalidated.
    const mixed = await dev('/dev/salt/invalidate', { salts: ['cafebabe', current, now] });
    expect(mixed.status).toBe(200);
    expect(mixed.json.current_salt).not.toBe(now);
    expect((await ledgerAnswer(sim, 'is_valid_salt', { salt: now })).value).toBe(false);
    expect((await ledgerAnswer(sim, 'current_salt')).value).toBe(mixed.json.current_salt);
    expect((await dev('/dev/salt', { salt: 'xyz' })).status).toBe(400);
  });
});
