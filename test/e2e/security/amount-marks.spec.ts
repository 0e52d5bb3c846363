// Red team: an amount that reads a thousand times too high (docs/security.md, "What the window shows").
// Spanish groups thousands with a dot, so an amount the background wrote as "1.005 wNEAR" reads as one
// thousand and five to a Spanish reader. A page asks, in a browser started in Spanish, for a swap that
// gives 2,000 USDC and gets 1.005 wNEAR: the window must write what the account gets as 1,005 wNEAR, in
// the balance changes and the intent's own line, never as 1.005.
import { WALLET } from '../../../src/api/walletApi';
import { closePageServer, EXTENSION_DIR, launchExtension, startPageServer } from '../fixtures';
import { confirm, reject, request, WNEAR, withApproval } from '../provider-helpers';
import { dev, expect, pointAtSimulator, test, walletCall } from '../sim';

test('in Spanish, the window writes 1.005 wNEAR with a decimal comma: never a thousand and five', async ({ sim }) => {
  const pages = await startPageServer();
  const { extension, close } = await launchExtension(EXTENSION_DIR, 'es');
  try {
    const page = await extension.context.newPage();
    await pointAtSimulator(page, extension, sim);
    const created = await walletCall<{ status: { selectedAccountId: string } }>(page, WALLET.create, {
      password: 'correct horse battery',
      source: { kind: 'generate' },
    });
    const accountId = created.status.selectedAccountId;
    await dev(sim, '/dev/fund', { accountId, tokenId: WNEAR, amount: (3n * 10n ** 24n).toString() });
    const dapp = await extension.context.newPage();
    await dapp.goto(`${pages.origin}/dapp.html`);
    const connect = await withApproval(extension.context, () => request(dapp, 'intents_requestAccounts', {}));
    await confirm(connect.approval);
    expect(await connect.pending).toMatchObject({ ok: true });

    const gets = (1_005n * 10n ** 21n).toString(); // 1.005 wNEAR
    const intents = [{ intent: 'token_diff', diff: { [WNEAR]: gets, 'nep141:usdc.near': '-2000000000' } }];
    const sign = await withApproval(extension.context, () => request(dapp, 'intents_signIntents', { intents }));
    const { approval } = sign;
    await expect(approval.getByTestId('review-result')).toBeVisible({ timeout: 10_000 });
    const body = approval.locator('body');
    await approval.getByTestId('approval-technical').locator('summary').click();
    await expect(body).toContainText('1,005 wNEAR');
    await expect(body).not.toContainText('1.005 wNEAR');
    await reject(approval);
    expect(await sign.pending).toMatchObject({ ok: false });
  } finally {
    await close();
    await closePageServer(pages);
  }
});
