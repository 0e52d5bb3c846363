// A key change reviewed before it is signed (src/background/signing/keyChangeReview.ts): what a review keeps,
// what Confirm signs and publishes, and what becomes of a key the wallet generated for it (held until the
// change goes out, forgotten when it does not). The wallet, its vault, the signer and the stored review are
// the background's own; the verifier's view, its check and the bus are stand-ins that say what each case needs.

import { ed25519 } from '@noble/curves/ed25519.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { KeyChangeReviews } from '../../../../src/background/signing/keyChangeReview';
import { KeyManager } from '../../../../src/background/signing/keyManager';
import type { PublishResult } from '../../../../src/bus';
import { formatPublicKey } from '../../../../src/core';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { generatedWallet } from '../generatedWallet';
import { busWith, emptyAccountFacts, ledgerWith } from './standIns';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

/** A key pasted by the person: a valid ed25519 key this wallet holds no secret of. */
const PASTED = formatPublicKey(ed25519.getPublicKey(new Uint8Array(32).fill(9)));

async function setUp() {
  const { bg, accountId, own } = await generatedWallet(sim);
  // The verifier: what it lists (null: it cannot be asked); the bus: what a publish answers.
  const ledger = { registered: [own] as string[] | null };
  const answer = { publish: null as PublishResult | null };
  const bus = busWith({ publish: () => answer.publish });
  const keys = new KeyManager({
    wallet: bg.wallet,
    signer: bg.signer,
    ledger: async () => ledgerWith(ledger),
    bus: async () => bus.port,
    now: () => Date.now(),
    sleep: async () => undefined,
  });
  const reviews = new KeyChangeReviews({
    local: bg.local,
    wallet: bg.wallet,
    keys,
    signer: bg.signer,
    preview: emptyAccountFacts(sim),
    simulate: async () => ({}),
    bus: async () => bus.port,
  });
  const vaultKeys = () => bg.wallet.vault.view().keys.map((k) => k.publicKey);
  const accountKeys = () => bg.wallet.account(accountId).publicKeys;
  const yes = (reviewed: string) => ({ reviewed, acknowledgeDanger: true });
  return { bg, accountId, own, ledger, published: bus.published, answer, reviews, vaultKeys, accountKeys, yes };
}

const refused = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('not refused'),
    (e: unknown) => e as Error,
  );

describe('a review', () => {
  it('of a generated key holds it in the vault; a newer review drops it and holds its own', async () => {
    const s = await setUp();
    const first = await s.reviews.review(s.accountId, { kind: 'add' });
    expect(s.vaultKeys()).toContain(first.publicKey);
    expect(s.accountKeys()).toEqual([s.own]);
    expect(first.preview.intents[0]).toMatchObject({ type: 'add_public_key' });
    const second = await s.reviews.review(s.accountId, { kind: 'add' });
    expect(s.vaultKeys()).not.toContain(first.publicKey);
    expect(s.vaultKeys()).toContain(second.publicKey);
    // The first review is gone with it: its Confirm no longer signs.
    expect((await refused(s.reviews.confirm(s.accountId, s.yes(first.reviewed)))).message).toMatch(/not the one/);
  });

  it('of a pasted key holds nothing, and a pasted key the verifier lists is refused', async () => {
    const s = await setUp();
    const before = s.vaultKeys();
    const out = await s.reviews.review(s.accountId, { kind: 'add', publicKey: PASTED });
    expect(out.publicKey).toBe(PASTED);
    expect(s.vaultKeys()).toEqual(before);
    expect((await refused(s.reviews.review(s.accountId, { kind: 'add', publicKey: s.own }))).message).toBe(
      'That key is already registered for this account.',
    );
  });

  it('goes ahead while the verifier cannot list the keys', async () => {
    const s = await setUp();
    s.ledger.registered = null;
    const out = await s.reviews.review(s.accountId, { kind: 'add', publicKey: PASTED });
    expect(out.publicKey).toBe(PASTED);
  });

  it('of removing the signing key asks for the yes, and names the key that takes over', async () => {
    const s = await setUp();
    const second = await s.bg.wallet.change((v) => v.newKeyFor(s.accountId));
    s.ledger.registered = [s.own, second];
    expect((await refused(s.reviews.review(s.accountId, { kind: 'remove', publicKey: s.own }))).message).toMatch(
      /Confirm that you want to remove it/,
    );
    const out = await s.reviews.review(s.accountId, {
      kind: 'remove',
      publicKey: s.own,
      confirmRemovingSigningKey: true,
    });
    // Confirmed and settled (the verifier no longer lists it): the successor signs, the old key is forgotten.
    s.ledger.registered = [second];
    const done = await s.reviews.confirm(s.accountId, s.yes(out.reviewed));
    expect(done).toMatchObject({ status: 'SETTLED', confirmed: true, publicKey: s.own });
    expect(s.accountKeys()).toEqual([second]);
  });
});

describe('Confirm', () => {
  it('with no review kept names the network the wallet is on', async () => {
    const s = await setUp();
    const e = await refused(s.reviews.confirm(s.accountId, s.yes('x')));
    expect(e.message).toMatch(/^Review the key change first \(on .+, the network the wallet is on now\)\.$/);
  });

  it('refuses once the signing key changed since the review', async () => {
    const s = await setUp();
    const out = await s.reviews.review(s.accountId, { kind: 'add', publicKey: PASTED });
    const second = await s.bg.wallet.change((v) => v.newKeyFor(s.accountId));
    await s.bg.wallet.change((v) => v.setSigningKey(s.accountId, second));
    expect((await refused(s.reviews.confirm(s.accountId, s.yes(out.reviewed)))).message).toMatch(
      /signing key changed since the review/,
    );
    expect(s.published).toEqual([]);
  });

  it('publishes the reviewed change once, and the generated key becomes the account’s', async () => {
    const s = await setUp();
    const out = await s.reviews.review(s.accountId, { kind: 'add' });
    s.ledger.registered = [s.own, out.publicKey];
    const done = await s.reviews.confirm(s.accountId, s.yes(out.reviewed));
    expect(done).toMatchObject({ status: 'SETTLED', confirmed: true });
    expect(s.published).toHaveLength(1);
    expect(s.accountKeys()).toEqual([s.own, out.publicKey]);
    // One signature per review.
    expect((await refused(s.reviews.confirm(s.accountId, s.yes(out.reviewed)))).message).toMatch(/Review the key/);
  });

  it('that the bus refuses forgets the generated key: nothing went out', async () => {
    const s = await setUp();
    const out = await s.reviews.review(s.accountId, { kind: 'add' });
    s.answer.publish = { status: 'FAILED', intent_hash: undefined, reason: 'nope' };
    expect((await refused(s.reviews.confirm(s.accountId, s.yes(out.reviewed)))).message).toBe(
      'The verifier refused it: nope.',
    );
    expect(s.vaultKeys()).not.toContain(out.publicKey);
    expect(s.accountKeys()).toEqual([s.own]);
  });

  it('refused before signing keeps the review and its key: the right Confirm still signs', async () => {
    const s = await setUp();
    const out = await s.reviews.review(s.accountId, { kind: 'add' });
    await refused(s.reviews.confirm(s.accountId, s.yes('another review')));
    expect(s.vaultKeys()).toContain(out.publicKey);
    s.ledger.registered = [s.own, out.publicKey];
    expect(await s.reviews.confirm(s.accountId, s.yes(out.reviewed))).toMatchObject({ confirmed: true });
  });

  it('of a pasted key that the bus refuses leaves the vault as it was', async () => {
    const s = await setUp();
    const before = s.vaultKeys();
    const out = await s.reviews.review(s.accountId, { kind: 'add', publicKey: PASTED });
    s.answer.publish = { status: 'FAILED', intent_hash: undefined, reason: 'nope' };
    await refused(s.reviews.confirm(s.accountId, s.yes(out.reviewed)));
    expect(s.vaultKeys()).toEqual(before);
  });

  it('forget drops the kept review', async () => {
    const s = await setUp();
    const out = await s.reviews.review(s.accountId, { kind: 'add', publicKey: PASTED });
    await s.reviews.forget(s.accountId);
    expect((await refused(s.reviews.confirm(s.accountId, s.yes(out.reviewed)))).message).toMatch(/Review the key/);
  });
});
