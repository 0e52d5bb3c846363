/**
 * The VerifierLedger API the swap service uses (credit, debit, balanceOf, executeSigned), in
 * process: atomicity, simulate vs execute, and the `transfer` event for every executed transfer.
 */
import { describe, expect, it } from 'vitest';
import {
  buildIntentPayload,
  encodeVersionedNonce,
  generateKeyPair,
  hex,
  implicitAccountId,
  signIntentPayload,
} from '../../../src/core';
import { DEFAULT_CONFIG } from '../../../src/sim/config';
import { createContext } from '../../../src/sim/context';
import type { SimEventMap } from '../../../src/sim/events';
import { createLedgerModule, VerifierError } from '../../../src/sim/ledger';
import { random } from './harness';

const USDC = 'nep141:usdc.near';

function setup() {
  const ctx = createContext({ ...DEFAULT_CONFIG, port: 0 });
  const { ledger } = createLedgerModule(ctx);
  const key = generateKeyPair(random);
  const accountId = implicitAccountId(key.publicKey);
  const sign = (intents: unknown[]) => {
    const deadline = new Date(ctx.clock.nowMs() + 60_000);
    const nonce = encodeVersionedNonce({ salt: hex.decode(ledger.currentSalt()), deadline, random15: random(15) });
    const payload = buildIntentPayload({
      signerId: accountId,
      verifyingContract: 'intents.sim',
      deadline,
      nonce,
      intents,
    });
    return signIntentPayload(key.secretSeed, payload);
  };
  return { ctx, ledger, accountId, sign };
}

describe('VerifierLedger', () => {
  it('credit, debit and balanceOf; debit past the balance is refused with the verifier text', () => {
    const { ledger, accountId } = setup();
    ledger.credit(accountId, USDC, 100n);
    ledger.debit(accountId, USDC, 30n);
    expect(ledger.balanceOf(accountId, USDC)).toBe(70n);
    expect(() => ledger.debit(accountId, USDC, 71n)).toThrow(new VerifierError('insufficient balance or overflow'));
    expect(() => ledger.debit('never-seen.near', USDC, 1n)).toThrow(
      new VerifierError('insufficient balance or overflow'),
    );
    expect(() => ledger.credit('Not An Account', USDC, 1n)).toThrow(VerifierError);
    expect(ledger.balanceOf(accountId, USDC)).toBe(70n);
    expect(ledger.balancesOf(accountId)).toEqual({ [USDC]: '70' });
  });

  it('account ids that are Object.prototype names are plain accounts', () => {
    const { ledger } = setup();
    expect(ledger.balanceOf('constructor', USDC)).toBe(0n);
    expect(ledger.publicKeysOf('tostring')).toEqual([]);
    ledger.credit('constructor', USDC, 5n);
    expect(ledger.balanceOf('constructor', USDC)).toBe(5n);
  });

  it('executeSigned emits one transfer event per executed transfer, with the tx hash; simulate emits none', () => {
    const { ctx, ledger, accountId, sign } = setup();
    const seen: SimEventMap['transfer'][] = [];
    ctx.events.on('transfer', (e) => seen.push(e));
    ledger.credit(accountId, USDC, 100n);
    const signed = sign([
      { intent: 'transfer', receiver_id: 'deposit.near', tokens: { [USDC]: '10' }, memo: 'm1' },
      { intent: 'transfer', receiver_id: 'other.near', tokens: { [USDC]: '5' } },
    ]);
    const sim = ledger.executeSigned([signed], { simulate: true });
    expect(sim.txHash).toBeNull();
    expect(seen).toEqual([]);
    expect(ledger.balanceOf(accountId, USDC)).toBe(100n);

    const result = ledger.executeSigned([signed]);
    expect(result.txHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(result.intents_executed).toHaveLength(1);
    expect(result.state).toEqual({ fee: 1, current_salt: ledger.currentSalt() });
    const intentHash = result.intents_executed[0]!.intent_hash;
    expect(seen).toEqual([
      { from: accountId, to: 'deposit.near', tokens: { [USDC]: '10' }, memo: 'm1', intentHash, txHash: result.txHash },
      {
        from: accountId,
        to: 'other.near',
        tokens: { [USDC]: '5' },
        memo: undefined,
        intentHash,
        txHash: result.txHash,
      },
    ]);
    expect(ledger.balanceOf('deposit.near', USDC)).toBe(10n);
  });

  it('a failing batch changes nothing and emits nothing', () => {
    const { ctx, ledger, accountId, sign } = setup();
    const seen: unknown[] = [];
    ctx.events.on('transfer', (e) => seen.push(e));
    ledger.credit(accountId, USDC, 10n);
    const ok = sign([{ intent: 'transfer', receiver_id: 'a.near', tokens: { [USDC]: '10' } }]);
    const tooMuch = sign([{ intent: 'transfer', receiver_id: 'b.near', tokens: { [USDC]: '1' } }]);
    expect(() => ledger.executeSigned([ok, tooMuch])).toThrow(new VerifierError('insufficient balance or overflow'));
    expect(ledger.balanceOf(accountId, USDC)).toBe(10n);
    expect(ledger.balanceOf('a.near', USDC)).toBe(0n);
    expect(seen).toEqual([]);
    expect(() => ledger.executeSigned([{ standard: 'nep413' }])).toThrow(
      new VerifierError('Failed to deserialize input from JSON.'),
    );
  });

  it('withdrawals are recorded as outgoing transfers', () => {
    const { ledger, accountId, sign } = setup();
    ledger.credit(accountId, USDC, 10n);
    const result = ledger.executeSigned([
      sign([{ intent: 'ft_withdraw', token: 'usdc.near', receiver_id: 'ext.near', amount: '4' }]),
    ]);
    expect(ledger.outgoing().at(-1)).toMatchObject({
      kind: 'ft_withdraw',
      accountId,
      debited: { [USDC]: '4' },
      details: { token: 'usdc.near', receiver_id: 'ext.near', amount: '4' },
      txHash: result.txHash,
    });
  });
});
