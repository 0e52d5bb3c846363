// The key manager's rules (src/background/signing/keyManager.ts; docs/protocol.md, "Intent types"): what a
// listing says, which key may be removed and what takes over signing, which key may sign, and how a
// published change is followed to its end. The wallet, its vault and the signer are the background's own;
// the verifier's view and the bus are stand-ins that say what each case needs, which a live verifier
// cannot be made to say on demand (a listing that fails, a change that never settles).

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { KeyChangeError } from '../../../../src/background/signing/keyChangeError';
import { KeyManager } from '../../../../src/background/signing/keyManager';
import type { IntentStatus, PublishResult } from '../../../../src/bus';
import { base64url, implicitAccountId, parsePublicKey } from '../../../../src/core';
import { registrationData, softPasskey } from '../../../support/passkey';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { generatedWallet } from '../generatedWallet';
import { busWith, ledgerWith } from './standIns';

// The signer reads the verifier's salt from the simulator; the key manager sees only the stand-ins below.
const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

async function setUp(
  opts: {
    registered?: (own: string) => string[] | null;
    statuses?: IntentStatus['status'][];
    details?: string;
    publish?: PublishResult;
    settleTimeoutMs?: number;
  } = {},
) {
  const clock = { now: 1_800_000_000_000 };
  const { bg, accountId, own } = await generatedWallet(sim, clock);
  // What the verifier lists, and what it lists once a change went out (null: as before).
  const state = {
    registered: opts.registered ? opts.registered(own) : [own],
    afterPublish: null as string[] | null,
  };
  const bus = busWith({
    ...(opts.statuses === undefined ? {} : { statuses: opts.statuses }),
    ...(opts.details === undefined ? {} : { details: opts.details }),
    publish: () => opts.publish,
    onPublish: () => {
      if (state.afterPublish) state.registered = state.afterPublish;
    },
  });
  const waits: number[] = [];
  const keys = new KeyManager({
    wallet: bg.wallet,
    signer: bg.signer,
    ledger: async () => ledgerWith(state),
    bus: async () => bus.port,
    now: () => clock.now,
    sleep: async (ms) => {
      waits.push(ms);
      clock.now += ms;
    },
    ...(opts.settleTimeoutMs === undefined ? {} : { settleTimeoutMs: opts.settleTimeoutMs }),
  });
  const secondKey = () => bg.wallet.change((vault) => vault.newKeyFor(accountId));
  return { bg, keys, accountId, own, state, bus, waits, secondKey };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('not refused'),
    (e: unknown) => e as KeyChangeError,
  );

describe('listing', () => {
  it('marks the first local key as the signing one and says which the verifier holds', async () => {
    const { keys, accountId, own, secondKey } = await setUp();
    const second = await secondKey();
    const listing = await keys.list(accountId);
    expect(listing.registered).toEqual([own]);
    expect(listing.local.map((l) => [l.publicKey, l.signing, l.registered])).toEqual([
      [own, true, true],
      [second, false, false],
    ]);
    expect(listing.error).toBeUndefined();
  });

  it('when the verifier cannot be asked: nothing is called registered, and the failure is said in words', async () => {
    const { keys, accountId } = await setUp({ registered: () => null });
    const listing = await keys.list(accountId);
    expect(listing.registered).toBeNull();
    expect(listing.local.map((l) => l.registered)).toEqual([null]);
    expect(listing.error).toMatch(/^The verifier could not be asked \(.*unreachable.*\)\.$/);
    expect(listing.errorWords).toMatchObject({ key: expect.stringMatching(/./) });
  });
});

describe('adding a key', () => {
  it('refuses a key the verifier already holds', async () => {
    const { keys, accountId, own } = await setUp();
    const e = await refusal(keys.add(accountId, own));
    expect(e).toBeInstanceOf(KeyChangeError);
    expect(e.message).toMatch(/already registered/);
  });

  it('still publishes while the verifier cannot list the keys, and forgets a generated key the verifier refused', async () => {
    const { keys, accountId, bg } = await setUp({
      registered: () => null,
      publish: { status: 'FAILED', intent_hash: undefined, reason: 'nope' },
    });
    const before = bg.wallet.account(accountId).publicKeys;
    const e = await refusal(keys.add(accountId));
    expect(e.refused).toBe(true);
    expect(e.message).toBe('The verifier refused it: nope.');
    expect(bg.wallet.account(accountId).publicKeys).toEqual(before);
  });
});

describe('adding a passkey as a way back in', () => {
  const credential = Uint8Array.from({ length: 16 }, (_, i) => i + 3);
  const registrationOf = (passkey: ReturnType<typeof softPasskey>) => ({
    credentialId: base64url.encode(credential),
    authenticatorData: base64url.encode(registrationData(passkey, credential)),
    name: 'Phone',
  });

  it('keeps the passkey once the verifier has it, and not before', async () => {
    const s = await setUp();
    const passkey = softPasskey();
    // The change settles but the verifier does not list the key: nothing is kept.
    const unconfirmed = await s.keys.addPasskey(s.accountId, registrationOf(passkey));
    expect(unconfirmed).toMatchObject({ publicKey: passkey.publicKey, confirmed: false });
    expect(s.bg.wallet.account(s.accountId).publicKeys).toEqual([s.own]);
    // The verifier holds it once the change went out: the account signs as before, the passkey is a further key.
    s.state.afterPublish = [s.own, passkey.publicKey];
    const confirmed = await s.keys.addPasskey(s.accountId, registrationOf(passkey));
    expect(confirmed).toMatchObject({ publicKey: passkey.publicKey, confirmed: true });
    expect(s.bg.wallet.account(s.accountId).publicKeys).toEqual([s.own, passkey.publicKey]);
  });

  it('refuses a passkey the verifier already lists', async () => {
    const s = await setUp();
    const passkey = softPasskey();
    s.state.registered = [s.own, passkey.publicKey];
    await expect(s.keys.addPasskey(s.accountId, registrationOf(passkey))).rejects.toThrow(
      'That passkey is already registered for this account.',
    );
  });
});

describe('removing a key', () => {
  it('is refused while the verifier cannot be asked, with what the listing said', async () => {
    const { keys, accountId, own } = await setUp({ registered: () => null });
    const e = await refusal(keys.removal(accountId, own, true));
    expect(e.message).toMatch(/^The verifier could not be asked \(/);
  });

  it('refuses a key the verifier does not hold, and the last key', async () => {
    const { keys, accountId, own, secondKey } = await setUp();
    const second = await secondKey();
    expect((await refusal(keys.removal(accountId, second, true))).message).toMatch(/not registered/);
    expect((await refusal(keys.removal(accountId, own, true))).message).toMatch(/last key/);
  });

  it('takes the signing key only with a yes and a registered local key to take over', async () => {
    const { keys, accountId, own, state, secondKey } = await setUp({
      registered: (o) => [o, 'ed25519:11111111111111111111111111111111'],
    });
    expect((await refusal(keys.removal(accountId, own, false))).message).toMatch(/Confirm/);
    // The other registered key is not this wallet's: nothing local would sign.
    expect((await refusal(keys.removal(accountId, own, true))).message).toMatch(/Add another key/);
    const second = await secondKey();
    // A local key the verifier does not hold cannot take over either.
    expect((await refusal(keys.removal(accountId, own, true))).message).toMatch(/Add another key/);
    state.registered = [own, second];
    expect(await keys.removal(accountId, own, true)).toEqual({ successor: second });
    // Another key than the signing one needs neither.
    expect(await keys.removal(accountId, second, false)).toEqual({});
  });

  const outcome = (publicKey: string, status: string, confirmed: boolean) => ({
    publicKey,
    intentHash: 'h',
    status,
    confirmed,
  });

  it('forgets a removed key once its removal is confirmed and another remains, never the account’s only one', async () => {
    const { keys, accountId, own, bg, secondKey } = await setUp();
    await keys.afterRemoval(accountId, own, undefined, outcome(own, 'SETTLED', true));
    expect(bg.wallet.account(accountId).publicKeys).toEqual([own]);
    const second = await secondKey();
    await keys.afterRemoval(accountId, second, undefined, outcome(second, 'SETTLED', false));
    expect(bg.wallet.account(accountId).publicKeys, 'not confirmed: kept').toEqual([own, second]);
    await keys.afterRemoval(accountId, second, undefined, outcome(second, 'SETTLED', true));
    expect(bg.wallet.account(accountId).publicKeys).toEqual([own]);
  });

  it('the signing key’s removal: confirmed, the successor signs and the key goes; settled only, the successor signs and the key stays', async () => {
    const { keys, accountId, own, bg, secondKey } = await setUp();
    const second = await secondKey();
    await keys.afterRemoval(accountId, own, second, outcome(own, 'SETTLED', false));
    expect(bg.wallet.account(accountId).publicKeys, 'the verifier took the successor’s signature').toEqual([
      second,
      own,
    ]);
    await keys.useForSigning(accountId, own, true);
    await keys.afterRemoval(accountId, own, second, outcome(own, 'SETTLED', true));
    expect(bg.wallet.account(accountId).publicKeys).toEqual([second]);
  });
});

describe('choosing the signing key', () => {
  it('refuses a key the verifier does not list, and one it cannot vouch for unless the person says so', async () => {
    const { keys, accountId, own, state, bg, secondKey } = await setUp();
    const second = await secondKey();
    expect((await refusal(keys.useForSigning(accountId, second))).message).toMatch(/Register this key/);
    state.registered = null;
    expect((await refusal(keys.useForSigning(accountId, second))).message).toMatch(/could not be asked/);
    // The implicit account's own key needs no one's word (the account id is its hash).
    expect(implicitAccountId(parsePublicKey(own))).toBe(accountId);
    await keys.useForSigning(accountId, own);
    await keys.useForSigning(accountId, second, true);
    expect(bg.wallet.account(accountId).publicKeys[0]).toBe(second);
  });
});

describe('following a change to its end', () => {
  it('waits longer each time, up to 4 s, until SETTLED', async () => {
    const { keys, bus, accountId, secondKey, waits } = await setUp({
      statuses: ['PENDING', 'PENDING', 'PENDING', 'PENDING', 'PENDING', 'TX_BROADCASTED', 'TX_BROADCASTED', 'SETTLED'],
    });
    const key = await secondKey();
    const out = await keys.settle(bus.port, accountId, 'add_public_key', key, 'h');
    expect(out.status).toBe('SETTLED');
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
  });

  it('ends with the verifier’s failure, and keeps asking while the intent is only not found yet', async () => {
    const failedOne = await setUp({ statuses: ['NOT_FOUND_OR_NOT_VALID'], details: 'FAILED' });
    const e = await refusal(
      failedOne.keys.settle(failedOne.bus.port, failedOne.accountId, 'add_public_key', failedOne.own, 'h'),
    );
    expect(e.message).toBe('The intent failed on the verifier.');
    const notYet = await setUp({ statuses: ['NOT_FOUND_OR_NOT_VALID', 'SETTLED'], details: 'PENDING' });
    const out = await notYet.keys.settle(notYet.bus.port, notYet.accountId, 'remove_public_key', notYet.own, 'h');
    expect(notYet.bus.asked).toHaveLength(2);
    // Removed means the verifier no longer has it; it still does here.
    expect(out).toMatchObject({ status: 'SETTLED', confirmed: false });
  });

  it('fails only on NOT_FOUND_OR_NOT_VALID with FAILED: a FAILED detail beside another status is followed on', async () => {
    const { keys, bus, accountId, own } = await setUp({ statuses: ['TX_BROADCASTED', 'SETTLED'], details: 'FAILED' });
    const out = await keys.settle(bus.port, accountId, 'add_public_key', own, 'h');
    expect(out.status).toBe('SETTLED');
    expect(bus.asked).toHaveLength(2);
  });

  it('gives up after two minutes by default, naming the last status', async () => {
    const { keys, bus, accountId, own, waits } = await setUp({ statuses: ['PENDING'] });
    const e = await refusal(keys.settle(bus.port, accountId, 'add_public_key', own, 'h'));
    expect(e.message).toBe('Not settled yet (last status PENDING); check again later.');
    const waited = waits.reduce((a, b) => a + b, 0);
    expect(waited).toBeGreaterThan(120_000);
    expect(waited - waits.at(-1)!).toBeLessThanOrEqual(120_000);
  });

  it('gives up at the time it was given', async () => {
    const { keys, bus, accountId, own, waits } = await setUp({ statuses: ['PENDING'], settleTimeoutMs: 1_000 });
    await refusal(keys.settle(bus.port, accountId, 'add_public_key', own, 'h'));
    expect(waits).toEqual([250, 500, 1000]);
    // Only once past it: at the very moment it asks once more.
    const atTheMoment = await setUp({ statuses: ['PENDING'], settleTimeoutMs: 750 });
    await refusal(atTheMoment.keys.settle(atTheMoment.bus.port, atTheMoment.accountId, 'add_public_key', own, 'h'));
    expect(atTheMoment.waits).toEqual([250, 500, 1000]);
  });

  it('keeps a generated key whose change did not settle in time: its intent may still settle', async () => {
    const { keys, accountId, bg } = await setUp({ statuses: ['PENDING'], settleTimeoutMs: 1_000 });
    const before = bg.wallet.account(accountId).publicKeys;
    const e = await refusal(keys.add(accountId));
    expect(e.refused).toBe(false);
    expect(e.message).toBe('Not settled yet (last status PENDING); check again later.');
    const after = bg.wallet.account(accountId).publicKeys;
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(0, before.length)).toEqual(before);
  });
});
