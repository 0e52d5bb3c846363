import { describe, expect, it } from 'vitest';
import {
  assessIntents,
  base64,
  buildIntentPayload,
  describeIntent,
  encodeVersionedNonce,
  hex,
  tokenDiffFee,
  tokenTable,
  unmatchedDeltas,
  type IntentPayload,
  type RiskContext,
} from '../../../src/core';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const DEADLINE = new Date(NOW.getTime() + 120_000);
const SALT = '252812b3';
const TOKENS = tokenTable([
  { assetId: 'nep141:wrap.near', symbol: 'wNEAR', decimals: 24, blockchain: 'near' },
  { assetId: 'nep141:usdt.tether-token.near', symbol: 'USDT', decimals: 6, blockchain: 'near' },
  { assetId: 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near', symbol: 'USDC', decimals: 6, blockchain: 'eth' },
]);

function payload(intents: unknown[], over: Partial<{ signerId: string; deadline: Date; nonce: string; verifyingContract: string }> = {}): IntentPayload {
  const deadline = over.deadline ?? DEADLINE;
  return buildIntentPayload({
    signerId: over.signerId ?? 'alice.near',
    verifyingContract: over.verifyingContract ?? 'intents.near',
    deadline,
    nonce: over.nonce ?? encodeVersionedNonce({ salt: hex.decode(SALT), deadline, random15: new Uint8Array(15) }),
    intents,
  });
}

const ctx: RiskContext = { now: NOW, verifierId: 'intents.near', origin: 'https://dapp.example', expectedSignerId: 'alice.near', currentSalt: SALT, tokens: TOKENS };
const codes = (p: IntentPayload, c: Partial<RiskContext> = {}) => assessIntents(p, { ...ctx, ...c }).findings.map((f) => `${f.level}:${f.code}`);

const SWAP = { intent: 'token_diff', diff: { 'nep141:wrap.near': '-1000000', 'nep141:usdt.tether-token.near': '2500000' } };

describe('assessIntents', () => {
  it('a plain swap with a fresh versioned nonce only notes that it needs a counterparty', () => {
    const report = assessIntents(payload([SWAP]), ctx);
    expect(report.findings.map((f) => f.code)).toEqual(['needs_counterparty']);
    expect(report.level).toBe('info');
  });

  it('forbids a passed deadline, a wrong verifier and a signer mismatch', () => {
    expect(codes(payload([SWAP], { deadline: new Date(NOW.getTime() - 1) }))).toContain('forbidden:deadline_passed');
    expect(codes(payload([SWAP], { verifyingContract: 'intents.far' }))).toContain('forbidden:wrong_verifier');
    expect(codes(payload([SWAP], { signerId: 'mallory.near' }))).toContain('forbidden:signer_mismatch');
  });

  it('warns on a far deadline, a legacy nonce and a salt that is not current', () => {
    const far = new Date(NOW.getTime() + 2 * 3600_000);
    expect(codes(payload([SWAP], { deadline: far }))).toContain('warning:deadline_far');
    expect(codes(payload([SWAP], { nonce: base64.encode(new Uint8Array(32).fill(9)) }))).toContain('warning:legacy_nonce');
    expect(codes(payload([SWAP]), { currentSalt: 'deadbeef' })).toContain('warning:salt_not_current');
  });

  it('forbids a nonce whose deadline is before the intent deadline', () => {
    const nonce = encodeVersionedNonce({ salt: hex.decode(SALT), deadline: new Date(DEADLINE.getTime() - 1), random15: new Uint8Array(15) });
    expect(codes(payload([SWAP], { nonce }))).toContain('forbidden:nonce_deadline');
  });

  it('forbids key-management intents from a web origin but not from the wallet itself', () => {
    const pk = 'ed25519:GGmuj19BsuQ4fwgk3rMsWyDuxEPcTttWjtdqFPfLtPX5';
    for (const intent of [
      { intent: 'add_public_key', public_key: pk },
      { intent: 'remove_public_key', public_key: pk },
      { intent: 'set_auth_by_predecessor_id', enabled: true },
    ]) {
      const p = payload([intent]);
      expect(assessIntents(p, ctx).level).toBe('forbidden');
      expect(assessIntents(p, { ...ctx, origin: null }).level).not.toBe('forbidden');
    }
  });

  it('flags a withdrawal with msg as danger and names the receiver', () => {
    const r = assessIntents(payload([{ intent: 'ft_withdraw', token: 'usdc.near', receiver_id: 'dex.near', amount: '1', msg: '{}' }]), ctx);
    expect(r.perIntent[0]?.[0]).toMatchObject({ level: 'danger', code: 'withdraw_with_msg', intentIndex: 0 });
    expect(r.perIntent[0]?.[0]?.message).toContain('dex.near');
  });

  it('warns that a storage deposit is not refunded and that a dependent withdrawal may finish first', () => {
    const p = payload([
      { intent: 'storage_deposit', contract_id: 'usdc.near', account_id: 'bob.near', amount: '1250000000000000000000' },
      { intent: 'ft_withdraw', token: 'usdc.near', receiver_id: 'bob.near', amount: '5' },
    ]);
    const r = assessIntents(p, ctx);
    expect(r.perIntent[0]!.map((f) => f.code)).toEqual(['storage_deposit_not_refunded']);
    expect(r.perIntent[1]!.map((f) => f.code)).toEqual(['dependent_after_storage_deposit']);
  });

  it('flags giving without receiving, and a transfer to oneself', () => {
    expect(codes(payload([{ intent: 'token_diff', diff: { 'nep141:wrap.near': '-5' } }]))).toContain('danger:gives_without_receiving');
    expect(codes(payload([{ intent: 'transfer', receiver_id: 'alice.near', tokens: { 'nep141:wrap.near': '1' } }]))).toContain(
      'forbidden:transfer_to_self',
    );
  });

  it('checks the batch invariant with the fee when solver counter-diffs are given (§5 worked examples)', () => {
    const p = payload([SWAP]);
    // f = 100 pips: user −1000000 → counterparty may take +999900; user +2500000 → counterparty gives −2500251.
    const good = { 'nep141:wrap.near': '999900', 'nep141:usdt.tether-token.near': '-2500251' };
    expect(assessIntents(p, { ...ctx, feePips: 100, counterpartyDiffs: [good] }).findings).toEqual([]);
    const greedy = { 'nep141:wrap.near': '999901', 'nep141:usdt.tether-token.near': '-2500251' };
    const r = assessIntents(p, { ...ctx, feePips: 100, counterpartyDiffs: [greedy] });
    expect(r.level).toBe('danger');
    expect(r.batch[0]?.code).toBe('invariant_violated');
  });

  it('notes an empty batch has nothing to check and is not forbidden', () => {
    expect(assessIntents(payload([]), ctx).level).toBeNull();
  });
});

describe('fees (spec/protocol.md §5)', () => {
  it('rounds up, charges only negative entries, and skips nep171 and unit nep245', () => {
    expect(tokenDiffFee('nep141:a.near', -1_000_000n, 100)).toBe(100n);
    expect(tokenDiffFee('nep141:a.near', -100n, 1)).toBe(1n);
    expect(tokenDiffFee('nep141:a.near', 5n, 100)).toBe(0n);
    expect(tokenDiffFee('nep171:n.near:1', -1n, 1000)).toBe(0n);
    expect(tokenDiffFee('nep245:m.near:1', -1n, 1000)).toBe(0n);
    expect(tokenDiffFee('nep245:m.near:1', -2n, 1000)).toBe(1n);
    expect(() => tokenDiffFee('nep141:a.near', -1n, 1_000_001)).toThrow(/pips/);
  });

  it('balances the 1-pip closures of the worked examples', () => {
    expect(unmatchedDeltas([{ 'nep141:a.near': '-1000000' }, { 'nep141:a.near': '999999' }], 1)).toEqual({});
    expect(unmatchedDeltas([{ 'nep141:a.near': '2500000' }, { 'nep141:a.near': '-2500003' }], 1)).toEqual({});
    expect(unmatchedDeltas([{ 'nep141:a.near': '-100' }, { 'nep141:a.near': '99' }], 1)).toEqual({});
    expect(unmatchedDeltas([{ 'nep141:a.near': '100' }, { 'nep141:a.near': '-101' }], 1)).toEqual({});
    expect(unmatchedDeltas([{ 'nep141:a.near': '100' }, { 'nep141:a.near': '-100' }], 1)).toEqual({ 'nep141:a.near': 1n });
  });
});

describe('describeIntent', () => {
  it('gives then receives, with symbols and decimals', () => {
    const [p] = [payload([SWAP])];
    expect(describeIntent(p.intents[0]!, TOKENS)).toEqual(['Give 0.000000000000000001 wNEAR', 'Receive 2.5 USDT']);
  });

  it('describes a bridge withdrawal by its WITHDRAW_TO memo and chain', () => {
    const p = payload([
      {
        intent: 'ft_withdraw',
        token: 'eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near',
        receiver_id: 'eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near',
        amount: '10000000',
        memo: 'WITHDRAW_TO:0xab5801a7d398351b8be11c439e05c5b3259aeccd',
      },
    ]);
    expect(describeIntent(p.intents[0]!, TOKENS)).toEqual(['Withdraw 10 USDC to 0xab58…eccd on eth']);
  });

  it('falls back to raw units for unknown tokens and covers every type', () => {
    const p = payload([
      { intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:unknown.near': '7' } },
      { intent: 'native_withdraw', receiver_id: 'bob.near', amount: '1500000000000000000000000' },
      { intent: 'auth_call', contract_id: 'app.near', msg: '', attached_deposit: '1000000000000000000000000' },
    ]);
    expect(describeIntent(p.intents[0]!, TOKENS)).toEqual(['Send 7 units of nep141:unknown.near to bob.near']);
    expect(describeIntent(p.intents[1]!, TOKENS)).toEqual(['Withdraw 1.5 NEAR (unwrapped) to bob.near']);
    expect(describeIntent(p.intents[2]!, TOKENS)[0]).toContain('with 1 wNEAR attached');
  });
});

describe('describeIntent, remaining types', () => {
  const pk = 'ed25519:GGmuj19BsuQ4fwgk3rMsWyDuxEPcTttWjtdqFPfLtPX5';
  it.each([
    [{ intent: 'nft_withdraw', token: 'nft.near', receiver_id: 'bob.near', token_id: '42' }, "Withdraw NFT '42' of nft.near to bob.near"],
    [{ intent: 'mt_withdraw', token: 'mt.near', receiver_id: 'bob.near', token_ids: ['a'], amounts: ['3'] }, "Withdraw 3 of token 'a' (mt.near) to bob.near"],
    [{ intent: 'ft_withdraw', token: 'usdt.tether-token.near', receiver_id: 'bob.near', amount: '1000000' }, 'Withdraw 1 USDT to bob.near on home'],
    [{ intent: 'storage_deposit', contract_id: 'usdc.near', deposit_for_account_id: 'bob.near', amount: '1250000000000000000000' }, 'Pay 0.00125 wNEAR for storage of bob.near on usdc.near (not refunded)'],
    [{ intent: 'add_public_key', public_key: pk }, 'Add key ed2551…tPX5: it can sign anything for this account'],
    [{ intent: 'remove_public_key', public_key: pk }, 'Remove key ed2551…tPX5 from this account'],
    [{ intent: 'set_auth_by_predecessor_id', enabled: true }, 'Allow this account to act by direct calls from its own ledger account'],
    [{ intent: 'auth_call', contract_id: 'app.near', msg: '' }, 'Call contract app.near on your behalf'],
  ])('%j', (intent, text) => {
    expect(describeIntent(payload([intent]).intents[0]!, TOKENS)).toEqual([text]);
  });
});
