import { describe, expect, it } from 'vitest';
import {
  assessIntents,
  base64,
  DANGER_DEADLINE_MS,
  encodeVersionedNonce,
  hex,
  type IntentPayload,
  type RiskContext,
  type RiskFinding,
  STORAGE_DEPOSIT_CAP_YOCTO,
  tokenDiffFee,
  unmatchedDeltas,
} from '../../../src/core';
import { said } from '../../../src/ui/phrase';
import { ctx, DEADLINE, NOW, PK, payload, SALT, SWAP, USDC_BRIDGE } from './riskFixtures';

/** A finding's words as the English page shows them. */
const words = (f: RiskFinding | undefined) => (f ? said(f.words) : undefined);

const codes = (p: IntentPayload, c: Partial<RiskContext> = {}) =>
  assessIntents(p, { ...ctx, ...c }).findings.map((f) => `${f.level}:${f.code}`);
const finding = (p: IntentPayload, code: string, c: Partial<RiskContext> = {}) =>
  assessIntents(p, { ...ctx, ...c }).findings.find((f) => f.code === code);
const levelOf = (p: IntentPayload, c: Partial<RiskContext> = {}) => assessIntents(p, { ...ctx, ...c }).level;

const HOUR = 3600_000;
const WNEAR_ALL = '123456789000000000000000000'; // 123.456789 wNEAR: "everything the account holds"

describe('assessIntents: the envelope', () => {
  it('a plain swap with a fresh versioned nonce only notes that it needs a counterparty', () => {
    const report = assessIntents(payload([SWAP]), ctx);
    expect(report.findings.map((f) => f.code)).toEqual(['needs_counterparty']);
    expect(report.level).toBe('info');
  });

  it('forbids a passed deadline and a wrong verifier', () => {
    expect(codes(payload([SWAP], { deadline: new Date(NOW.getTime() - 1) }))).toContain('forbidden:deadline_passed');
    expect(codes(payload([SWAP], { verifyingContract: 'intents.far' }))).toContain('forbidden:wrong_verifier');
  });

  it('forbids a signer other than the account the page was granted', () => {
    const p = payload([SWAP], { signerId: 'mallory.near' });
    expect(finding(p, 'signer_mismatch')).toMatchObject({ level: 'forbidden' });
    expect(words(finding(p, 'signer_mismatch'))).toContain('alice.near');
    expect(levelOf(p)).toBe('forbidden');
    expect(finding(payload([SWAP]), 'signer_mismatch')).toBeUndefined();
  });

  it('forbids a page request whose allowed signer was not given, but not the wallet’s own', () => {
    const { expectedSignerId: _, ...unchecked } = ctx;
    expect(assessIntents(payload([SWAP]), unchecked).findings.map((f) => `${f.level}:${f.code}`)).toContain(
      'forbidden:signer_unchecked',
    );
    expect(assessIntents(payload([SWAP]), { ...unchecked, origin: null }).level).toBe('info');
  });

  it('makes a deadline more than 24 h away danger', () => {
    const far = new Date(NOW.getTime() + 25 * HOUR);
    const p = payload([SWAP], { deadline: far });
    expect(finding(p, 'deadline_far')?.level).toBe('danger');
    expect(levelOf(p)).toBe('danger');
    const year9999 = new Date('9999-12-31T00:00:00.000Z');
    expect(finding(payload([SWAP], { deadline: year9999 }), 'deadline_far')?.level).toBe('danger');
  });

  it('only warns on a deadline 23 h away, and on one just past the hour', () => {
    const p = payload([SWAP], { deadline: new Date(NOW.getTime() + 23 * HOUR) });
    expect(finding(p, 'deadline_far')?.level).toBe('warning');
    expect(levelOf(p)).toBe('warning');
    expect(
      finding(payload([SWAP], { deadline: new Date(NOW.getTime() + DANGER_DEADLINE_MS) }), 'deadline_far')?.level,
    ).toBe('warning');
    expect(finding(payload([SWAP], { deadline: new Date(NOW.getTime() + 2 * HOUR) }), 'deadline_far')?.level).toBe(
      'warning',
    );
    expect(finding(payload([SWAP]), 'deadline_far')).toBeUndefined();
  });

  it('makes a legacy nonce supplied by the page danger', () => {
    const p = payload([SWAP], { nonce: base64.encode(new Uint8Array(32).fill(9)) });
    expect(finding(p, 'legacy_nonce')?.level).toBe('danger');
    expect(levelOf(p)).toBe('danger');
    // Unknown origin of the nonce counts as the page's.
    const { nonceFromPage: _, ...unknown } = ctx;
    expect(assessIntents(p, unknown).findings.find((f) => f.code === 'legacy_nonce')?.level).toBe('danger');
    expect(finding(p, 'legacy_nonce', { nonceFromPage: false })?.level).toBe('warning');
  });

  it('warns on a salt that is not current', () => {
    expect(codes(payload([SWAP]), { currentSalt: 'deadbeef' })).toContain('warning:salt_not_current');
  });

  it('forbids a nonce whose deadline is before the intent deadline', () => {
    const nonce = encodeVersionedNonce({
      salt: hex.decode(SALT),
      deadline: new Date(DEADLINE.getTime() - 1),
      random15: new Uint8Array(15),
    });
    expect(codes(payload([SWAP], { nonce }))).toContain('forbidden:nonce_deadline');
  });

  it('notes an empty batch has nothing to check and is not forbidden', () => {
    expect(assessIntents(payload([]), ctx).level).toBeNull();
  });
});

describe('assessIntents: value leaving the signer is danger', () => {
  it('a full-balance transfer to a third party', () => {
    const p = payload([{ intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': WNEAR_ALL } }]);
    const f = finding(p, 'transfer_to_other');
    expect(f).toMatchObject({ level: 'danger', intentIndex: 0 });
    expect(words(f)).toContain('123.456789 wNEAR');
    expect(words(f)).toContain('bob.near');
    expect(levelOf(p)).toBe('danger');
  });

  it('a transfer the person typed in the wallet’s own page is a fact, not danger; one asked by a site stays danger', () => {
    const p = payload([{ intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': WNEAR_ALL } }]);
    const own = finding(p, 'transfer_to_other', { origin: null });
    expect(own).toMatchObject({ level: 'info', intentIndex: 0 });
    expect(words(own)).toBe('Sends 123.456789 wNEAR to bob.near.');
    expect(levelOf(p, { origin: null })).toBe('info');
    expect(finding(p, 'transfer_to_other', { origin: 'https://app.example' })?.level).toBe('danger');
  });

  it('a site’s transfer to a saved contact is a caution naming it; to an account never sent to, a first-time danger', () => {
    const p = payload([{ intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': WNEAR_ALL } }]);
    const site = 'https://app.example';
    const known = (fact: 'own' | 'sentBefore' | 'firstTime', contact: string | null) =>
      new Map([['bob.near', { fact, contact }]]);
    const contact = finding(p, 'transfer_to_contact', { origin: site, receivers: known('sentBefore', 'Bob') });
    expect(contact).toMatchObject({ level: 'warning', intentIndex: 0 });
    expect(words(contact)).toContain('Bob (saved contact), bob.near');
    expect(words(contact)).toContain('123.456789 wNEAR');
    expect(levelOf(p, { origin: site, receivers: known('firstTime', 'Bob') })).toBe('warning');
    const first = finding(p, 'transfer_to_other', { origin: site, receivers: known('firstTime', null) });
    expect(first).toMatchObject({ level: 'danger' });
    expect(words(first)).toContain('first time');
    const before = finding(p, 'transfer_to_other', { origin: site, receivers: known('sentBefore', null) });
    expect(before?.level).toBe('danger');
    expect(words(before)).not.toContain('first time');
    // Another receiver's contact name says nothing of this one; the popup's own page stays a fact.
    const other = new Map([['carol.near', { fact: 'sentBefore' as const, contact: 'Carol' }]]);
    expect(finding(p, 'transfer_to_other', { origin: site, receivers: other })?.level).toBe('danger');
    expect(finding(p, 'transfer_to_other', { origin: null, receivers: known('firstTime', 'Bob') })?.level).toBe('info');
  });

  it('what is dangerous whoever asks stays danger in the wallet’s own page', () => {
    const far = payload([{ intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': '1' } }], {
      deadline: new Date(NOW.getTime() + 2 * 24 * 3600_000),
    });
    expect(finding(far, 'deadline_far', { origin: null })?.level).toBe('danger');
    const msg = payload([
      { intent: 'ft_withdraw', token: 'usdt.tether-token.near', receiver_id: 'bob.near', amount: '1', msg: 'x' },
    ]);
    expect(finding(msg, 'withdraw_with_msg', { origin: null })?.level).toBe('danger');
    const giveOnly = payload([{ intent: 'token_diff', diff: { 'nep141:wrap.near': '-1' } }]);
    expect(finding(giveOnly, 'gives_without_receiving', { origin: null })?.level).toBe('danger');
  });

  it('a transfer is not excused by a token_diff receive, of the same token or another', () => {
    for (const diff of [
      { 'nep141:wrap.near': '-1', 'nep141:usdt.tether-token.near': '10' },
      { 'nep141:usdt.tether-token.near': '-10', 'nep141:wrap.near': WNEAR_ALL },
    ]) {
      const p = payload([
        { intent: 'token_diff', diff },
        { intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': WNEAR_ALL } },
      ]);
      expect(assessIntents(p, ctx).perIntent[1]?.map((f) => `${f.level}:${f.code}`)).toContain(
        'danger:transfer_to_other',
      );
    }
  });

  it('a transfer to oneself is forbidden (the verifier refuses it), not danger', () => {
    const p = payload([{ intent: 'transfer', receiver_id: 'alice.near', tokens: { 'nep141:wrap.near': '1' } }]);
    expect(codes(p)).toEqual(['forbidden:transfer_to_self']);
  });

  it('ft_withdraw to attacker.near with a WITHDRAW_TO memo naming the user’s address', () => {
    const p = payload([
      {
        intent: 'ft_withdraw',
        token: USDC_BRIDGE,
        receiver_id: 'attacker.near',
        amount: '10000000',
        memo: 'WITHDRAW_TO:0xab5801a7d398351b8be11c439e05c5b3259aeccd',
      },
    ]);
    const f = finding(p, 'withdraw_to_other');
    expect(f).toMatchObject({ level: 'danger', intentIndex: 0 });
    expect(words(f)).toContain('attacker.near');
    expect(finding(p, 'bridge_withdrawal')).toBeUndefined();
  });

  it.each(['ft_withdraw', 'nft_withdraw', 'mt_withdraw'] as const)(
    '%s to another account is danger, to the signer is not',
    (type) => {
      const base =
        type === 'ft_withdraw'
          ? { intent: type, token: 'usdt.tether-token.near', amount: '5' }
          : type === 'nft_withdraw'
            ? { intent: type, token: 'nft.near', token_id: '7' }
            : { intent: type, token: 'mt.near', token_ids: ['a'], amounts: ['2'] };
      expect(finding(payload([{ ...base, receiver_id: 'bob.near' }]), 'withdraw_to_other')?.level).toBe('danger');
      expect(codes(payload([{ ...base, receiver_id: 'alice.near' }]))).toEqual([]);
    },
  );

  it('a bridge withdrawal (receiver is the token’s own contract) is danger from a page, warning from the wallet', () => {
    const p = payload([
      {
        intent: 'ft_withdraw',
        token: USDC_BRIDGE,
        receiver_id: USDC_BRIDGE,
        amount: '10000000',
        memo: 'WITHDRAW_TO:0xab5801a7d398351b8be11c439e05c5b3259aeccd',
      },
    ]);
    expect(codes(p)).toEqual(['danger:bridge_withdrawal']);
    expect(codes(p, { origin: null })).toEqual(['warning:bridge_withdrawal']);
  });

  it('native_withdraw to another account is danger, to the signer is not', () => {
    const p = payload([{ intent: 'native_withdraw', receiver_id: 'bob.near', amount: '1000000000000000000000000' }]);
    expect(finding(p, 'native_withdraw_to_other')).toMatchObject({ level: 'danger', intentIndex: 0 });
    expect(codes(payload([{ intent: 'native_withdraw', receiver_id: 'alice.near', amount: '1' }]))).toEqual([]);
  });

  it('a passkey account withdrawing to itself on NEAR is danger (no key holds that address there); a named account may', () => {
    const passkey = `0x${'ab'.repeat(20)}`;
    const c = { expectedSignerId: passkey };
    const native = { intent: 'native_withdraw', receiver_id: passkey, amount: '1000000000000000000000000' };
    const ft = { intent: 'ft_withdraw', token: 'usdt.tether-token.near', receiver_id: passkey, amount: '1' };
    for (const intent of [native, ft])
      expect(finding(payload([intent], { signerId: passkey }), 'withdraw_to_passkey_self', c)).toMatchObject({
        level: 'danger',
        intentIndex: 0,
      });
    expect(codes(payload([{ ...native, receiver_id: 'alice.near' }]))).not.toContain('danger:withdraw_to_passkey_self');
    expect(codes(payload([{ ...native, receiver_id: 'alice.near' }]))).toEqual([]);
  });

  it('a storage deposit over the 0.05 NEAR cap is danger, at or under it a warning', () => {
    const over = (STORAGE_DEPOSIT_CAP_YOCTO + 1n).toString();
    const at = STORAGE_DEPOSIT_CAP_YOCTO.toString();
    const sd = (amount: string) =>
      payload([{ intent: 'storage_deposit', contract_id: 'usdc.near', account_id: 'bob.near', amount }]);
    expect(codes(sd(over))).toEqual(['danger:storage_deposit_large']);
    expect(codes(sd(at))).toEqual(['warning:storage_deposit_not_refunded']);
    expect(codes(sd('1250000000000000000000'))).toEqual(['warning:storage_deposit_not_refunded']);
    // The same cap holds for the storage_deposit field of a withdrawal.
    const w = (storage_deposit: string) =>
      payload([{ intent: 'ft_withdraw', token: 'usdc.near', receiver_id: 'alice.near', amount: '1', storage_deposit }]);
    expect(codes(w(over))).toEqual(['danger:storage_deposit_large']);
    expect(codes(w(at))).toEqual(['warning:storage_deposit_not_refunded']);
  });

  it('the cap holds for all the storage deposits of one signature together: many routine ones that pass it are danger', () => {
    const at = STORAGE_DEPOSIT_CAP_YOCTO.toString();
    const half = (STORAGE_DEPOSIT_CAP_YOCTO / 2n).toString();
    const sd = (amount: string) => ({
      intent: 'storage_deposit' as const,
      contract_id: 'attacker.near',
      account_id: 'x.attacker.near',
      amount,
    });
    const hundred = payload(Array.from({ length: 100 }, () => sd(at)));
    expect(finding(hundred, 'storage_deposits_large')).toMatchObject({ level: 'danger' });
    expect(levelOf(hundred)).toBe('danger');
    // Two halves make the cap exactly: still routine. One yocto more, in a withdrawal's field, is not.
    expect(codes(payload([sd(half), sd(half)]))).not.toContain('danger:storage_deposits_large');
    const withdrawal = {
      intent: 'ft_withdraw' as const,
      token: 'usdc.near',
      receiver_id: 'alice.near',
      amount: '1',
      storage_deposit: '1',
    };
    expect(codes(payload([sd(half), sd(half), withdrawal]))).toContain('danger:storage_deposits_large');
  });

  it('any auth_call is danger, with or without a deposit', () => {
    expect(codes(payload([{ intent: 'auth_call', contract_id: 'app.near', msg: '' }]))).toEqual(['danger:auth_call']);
    const withDeposit = finding(
      payload([{ intent: 'auth_call', contract_id: 'app.near', msg: '{}', attached_deposit: '1' }]),
      'auth_call',
    );
    expect(withDeposit?.level).toBe('danger');
    expect(words(withDeposit)).toContain('pays it wNEAR');
  });

  it('giving without receiving is danger', () => {
    expect(codes(payload([{ intent: 'token_diff', diff: { 'nep141:wrap.near': '-5' } }]))).toContain(
      'danger:gives_without_receiving',
    );
  });

  it('flags a withdrawal with msg as danger and names the receiver', () => {
    const r = assessIntents(
      payload([{ intent: 'ft_withdraw', token: 'usdc.near', receiver_id: 'alice.near', amount: '1', msg: '{}' }]),
      ctx,
    );
    expect(r.perIntent[0]?.[0]).toMatchObject({ level: 'danger', code: 'withdraw_with_msg', intentIndex: 0 });
    expect(words(r.perIntent[0]?.[0])).toContain('alice.near');
  });
});

describe('assessIntents: other findings', () => {
  it('forbids key-management intents from a web origin but not from the wallet itself', () => {
    for (const intent of [
      { intent: 'add_public_key', public_key: PK },
      { intent: 'remove_public_key', public_key: PK },
      { intent: 'set_auth_by_predecessor_id', enabled: true },
    ]) {
      const p = payload([intent]);
      expect(assessIntents(p, ctx).level).toBe('forbidden');
      expect(assessIntents(p, { ...ctx, origin: null }).level).not.toBe('forbidden');
    }
  });

  it('warns that a dependent withdrawal may finish before the storage deposit', () => {
    const p = payload([
      {
        intent: 'storage_deposit',
        contract_id: 'usdc.near',
        account_id: 'alice.near',
        amount: '1250000000000000000000',
      },
      { intent: 'ft_withdraw', token: 'usdc.near', receiver_id: 'alice.near', amount: '5' },
    ]);
    const r = assessIntents(p, ctx);
    expect(r.perIntent[0]!.map((f) => f.code)).toEqual(['storage_deposit_not_refunded']);
    expect(r.perIntent[1]!.map((f) => f.code)).toEqual(['dependent_after_storage_deposit']);
  });

  it.each([
    [
      'a right-to-left override in a memo',
      { intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': '1' }, memo: 'pay \u202Eevil' },
    ],
    [
      'a zero-width space in an NFT id',
      { intent: 'nft_withdraw', token: 'nft.near', receiver_id: 'alice.near', token_id: 'a\u200Bb' },
    ],
    [
      'a BOM in an inner token id (a map key)',
      { intent: 'token_diff', diff: { 'nep245:mt.near:x\uFEFF': '1', 'nep141:wrap.near': '-1' } },
    ],
    ['an isolate in an auth_call msg', { intent: 'auth_call', contract_id: 'app.near', msg: '\u2066x\u2069' }],
  ])('warns about hidden characters: %s', (_, intent) => {
    expect(finding(payload([intent]), 'hidden_characters')).toMatchObject({ level: 'warning', intentIndex: 0 });
  });

  it('does not warn about hidden characters in plain text', () => {
    expect(
      finding(
        payload([
          { intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': '1' }, memo: 'APP_FEE' },
        ]),
        'hidden_characters',
      ),
    ).toBeUndefined();
  });

  it('checks the batch invariant with the fee when solver counter-diffs are given (docs/interface.md, "Vector: token_diff closure under a fee")', () => {
    const p = payload([SWAP]);
    // f = 100 pips: user −1000000 → counterparty may take +999900; user +2500000 → counterparty gives −2500251.
    const good = { 'nep141:wrap.near': '999900', 'nep141:usdt.tether-token.near': '-2500251' };
    expect(assessIntents(p, { ...ctx, feePips: 100, counterpartyDiffs: [good] }).findings).toEqual([]);
    const greedy = { 'nep141:wrap.near': '999901', 'nep141:usdt.tether-token.near': '-2500251' };
    const r = assessIntents(p, { ...ctx, feePips: 100, counterpartyDiffs: [greedy] });
    expect(r.level).toBe('danger');
    expect(r.batch[0]?.code).toBe('invariant_violated');
  });
});

describe('fees (docs/protocol.md)', () => {
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
    expect(unmatchedDeltas([{ 'nep141:a.near': '100' }, { 'nep141:a.near': '-100' }], 1)).toEqual({
      'nep141:a.near': 1n,
    });
  });
});
