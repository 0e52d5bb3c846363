// Red team: consent that outlives its account (docs/security.md, "Removing an account"). A site was
// granted an account; the person removes the account, and later imports the same key again. The site
// must not get the account back without a window, and it heard at the removal that it has no account.
import { type CreateResult, WALLET } from '../../../src/api/walletApi';
import { connectDapp, openDapp, PASSWORD, request, resultOf, withApproval } from '../provider-helpers';
import { expect, test, walletCall } from '../sim';

test('a removed account imported again is connected to no site; the site heard accountsChanged [] at the removal', async ({
  sim,
}) => {
  const { w, dapp } = await openDapp(sim);
  try {
    expect(await connectDapp(w.context, dapp)).toEqual([{ accountId: w.accountId, publicKey: w.publicKey }]);
    await dapp.evaluate(() => {
      const events: unknown[] = [];
      (window as unknown as { heard: unknown[] }).heard = events;
      (window as unknown as { intentsCompanion: { on(e: string, f: (d: unknown) => void): void } }).intentsCompanion.on(
        'accountsChanged',
        (d) => events.push(d),
      );
    });
    const { secretKey } = await walletCall<{ secretKey: string }>(w.popup, WALLET.exportKey, {
      password: PASSWORD,
      publicKey: w.publicKey,
    });
    await walletCall<CreateResult>(w.popup, WALLET.addAccount, { source: { kind: 'generate' } });
    await walletCall(w.popup, WALLET.removeAccount, { accountId: w.accountId });
    await expect.poll(() => dapp.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toContainEqual([]);

    await walletCall(w.popup, WALLET.addAccount, { source: { kind: 'importKey', secretKey } });
    expect(resultOf(await request(dapp, 'intents_accounts'))).toEqual([]);
    const { approval, pending } = await withApproval(w.context, () => request(dapp, 'intents_requestAccounts', {}));
    await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'connect');
    await approval.close();
    expect(await pending).toMatchObject({ ok: false, error: { code: 4001 } });
  } finally {
    await w.close();
  }
});
