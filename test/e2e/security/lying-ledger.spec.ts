// Red team: a ledger RPC that lists a key the verifier does not have (docs/security.md, "Removing the signing key"). The
// wallet removes its signing key only when another registered local key takes over; believing the RPC's
// listing, it removed the key that signs and kept only one the verifier refuses, and the account had no
// key the wallet holds. Now the key that takes over signs the removal, so the verifier decides, and a key
// whose removal the wallet could not confirm is kept. The built extension, its ledger RPC behind a proxy
// that lies about one key (test/support/lyingLedger.ts), against the simulator.
import { type KeyChangeResult, type KeyListing, WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { startLyingLedger } from '../../support/lyingLedger';
import { openWallet } from '../provider-helpers';
import { expect, ledgerHasPublicKey, test, walletCall } from '../sim';

test('the signing key stays when the key that would take over is one only the RPC lists', async ({ sim }) => {
  const w = await openWallet(sim);
  const verifierHas = (key: string) => ledgerHasPublicKey(sim, w.accountId, key);
  const second = (await walletCall<KeyChangeResult>(w.popup, WALLET.addKey, { accountId: w.accountId })).publicKey;
  const lying = await startLyingLedger(sim.urls.ledgerRpc, second);
  try {
    await walletCall(w.popup, WALLET.setSettings, { endpoints: { ledgerRpc: lying.url }, ledgerRpcFallbacks: [] });

    // The second key's removal goes through on the verifier, but the RPC still lists it: not confirmed,
    // so the wallet keeps it (it never forgets a key on an answer it could not confirm).
    const removed = await walletCall<KeyChangeResult>(w.popup, WALLET.removeKey, {
      accountId: w.accountId,
      publicKey: second,
    });
    expect(removed.confirmed).toBe(false);
    expect(await verifierHas(second)).toBe(false);
    const listing = await walletCall<KeyListing>(w.popup, WALLET.listKeys, { accountId: w.accountId });
    expect(listing.local.map((l) => l.publicKey)).toEqual([w.publicKey, second]);
    expect(listing.registered).toContain(second);

    // Removing the signing key: the key the RPC lists signs its removal, and the verifier refuses it.
    await expect(
      walletCall(w.popup, WALLET.removeKey, {
        accountId: w.accountId,
        publicKey: w.publicKey,
        confirmRemovingSigningKey: true,
      }),
    ).rejects.toThrow(second);
    expect(await verifierHas(w.publicKey)).toBe(true);
    const status = await walletCall<WalletStatus>(w.popup, WALLET.status);
    expect(status.accounts[0]!.publicKeys[0]).toBe(w.publicKey);
  } finally {
    await lying.close();
    await w.close();
  }
});
