// What each risk finding says (docs/security.md, "Risk rules"): the message of the catalogue
// (assets/public/_locales/en/messages.json) and what it names, for the envelope, each intent type, the
// ordering of dependent steps (docs/protocol.md, "Intent types") and the balance of a swap.
import { describe, expect, it } from 'vitest';
import {
  assessIntents,
  base64,
  encodeVersionedNonce,
  hex,
  type IntentPayload,
  parseIntent,
  type RiskContext,
  type RiskFinding,
  STORAGE_DEPOSIT_CAP_YOCTO,
} from '../../../src/core';
import { said } from '../../../src/ui/phrase';
import { ctx, DEADLINE, NOW, PK, payload, SALT, SWAP, USDC_BRIDGE } from './riskFixtures';

const HOUR = 3600_000;
const findings = (p: IntentPayload, c: Partial<RiskContext> = {}) => assessIntents(p, { ...ctx, ...c }).findings;
const find = (p: IntentPayload, code: string, c: Partial<RiskContext> = {}): RiskFinding | undefined =>
  findings(p, c).find((f) => f.code === code);
/** A finding as the page shows it: level, message key, and the English words. */
const shown = (f: RiskFinding | undefined) => f && { level: f.level, key: f.words.key, text: said(f.words) };
const one = (intent: unknown, c: Partial<RiskContext> = {}) => findings(payload([intent]), c);

describe('the envelope', () => {
  it('a wrong verifier names both verifiers; an unchecked signer says the account is unknown', () => {
    const wrong = shown(find(payload([SWAP], { verifyingContract: 'intents.far' }), 'wrong_verifier'));
    expect(wrong).toMatchObject({ level: 'forbidden', key: 'risk_wrongVerifier' });
    expect(wrong?.text).toMatch(/^Made for .*\(intents\.far\), but the wallet is now on .*\(intents\.near\)/);
    const { expectedSignerId: _, ...unchecked } = ctx;
    const f = assessIntents(payload([SWAP]), unchecked).findings.find((x) => x.code === 'signer_unchecked');
    expect(shown(f)).toEqual({
      level: 'forbidden',
      key: 'risk_signerUnchecked',
      text: 'The account this site may sign as is unknown.',
    });
  });

  it('a deadline at this very moment has passed, and the words name it', () => {
    const p = payload([SWAP], { deadline: NOW });
    expect(find(p, 'deadline_passed')?.words).toEqual({ key: 'risk_deadlinePassed', subs: [p.deadline] });
    expect(find(p, 'deadline_far')).toBeUndefined();
  });

  it('a deadline exactly at the limit is not far; a millisecond past it is', () => {
    expect(find(payload([SWAP], { deadline: new Date(NOW.getTime() + HOUR) }), 'deadline_far')).toBeUndefined();
    const limit = 3 * HOUR;
    const atLimit = payload([SWAP], { deadline: new Date(NOW.getTime() + limit) });
    expect(find(atLimit, 'deadline_far', { maxDeadlineMs: limit })).toBeUndefined();
    const p = payload([SWAP], { deadline: new Date(NOW.getTime() + HOUR + 1) });
    expect(find(p, 'deadline_far')).toMatchObject({
      level: 'warning',
      words: { key: 'risk_deadlineFar', subs: [p.deadline] },
    });
  });

  it('a nonce that is not 32 bytes of base64 is forbidden, saying why', () => {
    const p = { ...payload([SWAP]), nonce: base64.encode(new Uint8Array(16)) };
    const f = shown(find(p, 'nonce_invalid'));
    expect(f).toMatchObject({ level: 'forbidden', key: 'risk_nonceInvalid' });
    expect(f?.text).toContain('nonce');
  });

  it('a legacy nonce, a nonce that ends before the deadline and an old salt each say so', () => {
    const legacy = payload([SWAP], { nonce: base64.encode(new Uint8Array(32).fill(9)) });
    expect(shown(find(legacy, 'legacy_nonce'))?.key).toBe('risk_legacyNonce');
    const early = encodeVersionedNonce({
      salt: hex.decode(SALT),
      deadline: new Date(DEADLINE.getTime() - 1),
      random15: new Uint8Array(15),
    });
    // The verifier's own words for it (near/intents, defuse core nonce checks).
    expect(shown(find(payload([SWAP], { nonce: early }), 'nonce_deadline'))).toEqual({
      level: 'forbidden',
      key: 'risk_nonceDeadline',
      text: 'The verifier would refuse it: deadline is greater than nonce.',
    });
    expect(find(payload([SWAP]), 'salt_not_current', { currentSalt: 'deadbeef' })?.words).toEqual({
      key: 'risk_saltNotCurrent',
      subs: [SALT, 'deadbeef'],
    });
  });
});

describe('each intent type', () => {
  it('hidden characters and a transfer to oneself say what they are', () => {
    const hidden = {
      intent: 'transfer',
      receiver_id: 'bob.near',
      tokens: { 'nep141:wrap.near': '1' },
      memo: 'a\u200Bb',
    };
    expect(one(hidden).find((f) => f.code === 'hidden_characters')?.words.key).toBe('risk_hiddenCharacters');
    const self = { intent: 'transfer', receiver_id: 'alice.near', tokens: { 'nep141:wrap.near': '1' } };
    expect(one(self)[0]?.words).toEqual({ key: 'risk_transferToSelf', subs: [] });
  });

  it('a transfer with a msg calls the receiver’s contract: a warning naming it', () => {
    const call = { intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': '1' }, msg: '{}' };
    expect(one(call).filter((f) => f.code === 'transfer_call')).toEqual([
      {
        intentIndex: 0,
        level: 'warning',
        code: 'transfer_call',
        words: { key: 'risk_transferCall', subs: ['bob.near'] },
      },
    ]);
  });

  it('native_withdraw to another account names it', () => {
    const f = one({ intent: 'native_withdraw', receiver_id: 'bob.near', amount: '1' })[0];
    expect(f?.words).toEqual({ key: 'risk_nativeWithdrawToOther', subs: ['bob.near'] });
  });

  it('an auth_call says it pays the contract only when it attaches a deposit', () => {
    const call = (attached?: string) =>
      one({ intent: 'auth_call', contract_id: 'app.near', msg: '', ...(attached && { attached_deposit: attached }) })[0]
        ?.words;
    expect(call()).toEqual({ key: 'risk_authCall', subs: ['app.near'] });
    expect(call('0')).toEqual({ key: 'risk_authCall', subs: ['app.near'] });
    expect(call('1')).toEqual({ key: 'risk_authCallPays', subs: ['app.near'] });
  });

  it('a diff that only gives says it receives nothing', () => {
    const f = one({ intent: 'token_diff', diff: { 'nep141:wrap.near': '-5' } }).find(
      (x) => x.code === 'gives_without_receiving',
    );
    expect(shown(f)).toEqual({
      level: 'danger',
      key: 'risk_givesWithoutReceiving',
      text: 'Gives tokens and receives nothing in return.',
    });
  });

  it('a key change from a web page is forbidden, naming the intent', () => {
    expect(one({ intent: 'remove_public_key', public_key: PK })).toEqual([
      {
        intentIndex: 0,
        level: 'forbidden',
        code: 'key_management_from_web',
        words: { key: 'risk_keyManagementFromWeb', subs: ['remove_public_key'] },
      },
    ]);
  });

  it.each([
    [{ intent: 'add_public_key', public_key: PK }, 'warning', 'risk_keyAdded'],
    [{ intent: 'remove_public_key', public_key: PK }, 'danger', 'risk_keyChanged'],
    [{ intent: 'set_auth_by_predecessor_id', enabled: false }, 'danger', 'risk_keyChanged'],
  ])('from the wallet’s own page, %j is a %s: %s', (intent, level, key) => {
    expect(one(intent, { origin: null })).toEqual([
      { intentIndex: 0, level, code: 'key_management', words: { key, subs: [] } },
    ]);
  });

  it('a bridge withdrawal names the bridge', () => {
    const w = { intent: 'ft_withdraw', token: USDC_BRIDGE, receiver_id: USDC_BRIDGE, amount: '1' };
    expect(one(w)[0]?.words).toEqual({ key: 'risk_bridgeWithdrawal', subs: [USDC_BRIDGE] });
  });

  it('a storage deposit says what it pays against the usual cap, or that it is never refunded', () => {
    const sd = (amount: string) =>
      one({ intent: 'storage_deposit', contract_id: 'usdc.near', account_id: 'bob.near', amount })[0];
    expect(said(sd((STORAGE_DEPOSIT_CAP_YOCTO + 1n).toString())!.words)).toBe(
      'Pays 0.050000000000000000000001 wNEAR for storage, more than the usual 0.05; it is never refunded.',
    );
    expect(sd('1')?.words).toEqual({ key: 'risk_storageDepositNotRefunded', subs: [] });
  });

  it('a withdrawal the verifier reads with a zero storage_deposit pays none (the simulated verifier’s view)', () => {
    const w = {
      intent: 'ft_withdraw',
      token: 'usdc.near',
      receiver_id: 'alice.near',
      amount: '1',
      storage_deposit: '0',
    };
    const p = { ...payload([]), intents: [parseIntent(w, 0, { verifier: true })] };
    expect(findings(p)).toEqual([]);
  });
});

describe('a withdrawal after a storage deposit on the same contract (docs/protocol.md: ordering)', () => {
  const deposit = { intent: 'storage_deposit', contract_id: 'usdc.near', account_id: 'alice.near', amount: '1' };
  const ft = { intent: 'ft_withdraw', token: 'usdc.near', receiver_id: 'alice.near', amount: '5' };
  const dependent = (intents: unknown[]) =>
    findings(payload(intents)).filter((f) => f.code === 'dependent_after_storage_deposit');

  it('warns on the withdrawal, naming the deposit’s step (counted from 1)', () => {
    const other = { intent: 'native_withdraw', receiver_id: 'alice.near', amount: '1' };
    expect(dependent([other, deposit, ft])).toEqual([
      {
        intentIndex: 2,
        level: 'warning',
        code: 'dependent_after_storage_deposit',
        words: { key: 'risk_dependentAfterStorageDeposit', subs: ['2'] },
      },
    ]);
  });

  it('an NFT or multi-token withdrawal from that contract depends on it too', () => {
    const nft = { intent: 'nft_withdraw', token: 'usdc.near', receiver_id: 'alice.near', token_id: '1' };
    const mt = {
      intent: 'mt_withdraw',
      token: 'usdc.near',
      receiver_id: 'alice.near',
      token_ids: ['a'],
      amounts: ['1'],
    };
    expect(dependent([deposit, nft]).map((f) => f.intentIndex)).toEqual([1]);
    expect(dependent([deposit, mt]).map((f) => f.intentIndex)).toEqual([1]);
  });

  it('not a withdrawal before it, of another token, nor after a call to the same contract', () => {
    expect(dependent([ft, deposit])).toEqual([]);
    expect(dependent([deposit, { ...ft, token: 'usdt.tether-token.near' }])).toEqual([]);
    expect(dependent([{ intent: 'auth_call', contract_id: 'usdc.near', msg: '' }, ft])).toEqual([]);
  });
});

describe('the balance of a swap (docs/protocol.md, "Fees and the token_diff invariant")', () => {
  it('without counter-diffs, the unmatched deltas are the diff itself, worded with symbols', () => {
    for (const counterpartyDiffs of [undefined, []]) {
      const f = find(payload([SWAP]), 'needs_counterparty', { ...(counterpartyDiffs && { counterpartyDiffs }) });
      expect(shown(f)).toEqual({
        level: 'info',
        key: 'risk_needsCounterparty',
        text: 'Executes only with a matching counter-intent from a solver (unmatched after fees: -0.000000000000000001 wNEAR, +2.5 USDT).',
      });
    }
  });

  it('counter-diffs that leave a token unmatched break the invariant, naming what is left over', () => {
    // The counterparty gives 1 USDT less than the user receives; wNEAR closes exactly (fee 0).
    const counter = { 'nep141:wrap.near': '1000000', 'nep141:usdt.tether-token.near': '-1500000' };
    const f = find(payload([SWAP]), 'invariant_violated', { counterpartyDiffs: [counter] });
    expect(shown(f)).toEqual({
      level: 'danger',
      key: 'risk_invariantViolated',
      text: 'The swap does not balance after fees (+1 USDT): the verifier will reject the whole batch.',
    });
  });

  it('a batch without a diff of its own has no balance to check, whatever counter-diffs come with it', () => {
    const own = payload([{ intent: 'native_withdraw', receiver_id: 'alice.near', amount: '1' }]);
    expect(findings(own, { counterpartyDiffs: [{ 'nep141:wrap.near': '5' }] })).toEqual([]);
  });
});
