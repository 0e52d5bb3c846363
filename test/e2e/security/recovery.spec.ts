// Red team: the recovery phrase and the erase (docs/security.md, "Showing the recovery phrase" and
// "Erasing the wallet"). A web page (through the content script, the only door it has) asks for the
// phrase and for the erase: refused, nothing erased. A wrong password shows no word. A site connected to
// the wallet before "Forgot password?" erased it gets no account of the wallet restored from the same
// phrase (the same account ids) without a new connect window.
import { type CreateResult, WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { closePageServer, launchExtension, type PageServer, startPageServer } from '../fixtures';
import { connectDapp, PASSWORD, request, resultOf, withApproval } from '../provider-helpers';
import { expect, pointAtSimulator, test, walletCall } from '../sim';

test('a page gets neither the phrase nor the erase; a wrong password no word; a site connected before the erase has nothing after the restore', async ({
  sim,
}) => {
  const { extension, close } = await launchExtension();
  let pages: PageServer | undefined;
  try {
    const popup = await extension.context.newPage();
    await pointAtSimulator(popup, extension, sim);
    const created = await walletCall<CreateResult>(popup, WALLET.create, {
      password: PASSWORD,
      source: { kind: 'newPhrase', words: 12 },
    });
    const phraseId = created.phrase!.id;
    const words = created.phrase!.words;
    const accountId = created.status.accounts[0]!.accountId;
    pages = await startPageServer();
    const dapp = await extension.context.newPage();
    await dapp.goto(`${pages.origin}/dapp.html`);
    expect(await connectDapp(extension.context, dapp)).toEqual([
      { accountId, publicKey: created.status.accounts[0]!.publicKeys[0] },
    ]);

    // The page, connected, asks the wallet's own methods through its only door: refused, whatever it sends.
    for (const [method, params] of [
      [WALLET.exportPhrase, { password: PASSWORD, phraseId }],
      [WALLET.erase, { confirm: 'erase this wallet' }],
      [WALLET.status, undefined],
    ] as const) {
      const outcome = await request(dapp, method, params);
      expect(outcome, method).toMatchObject({ ok: false, error: { message: `Unsupported method: ${method}` } });
      expect(outcome).not.toHaveProperty('result');
    }
    const status = await walletCall<WalletStatus>(popup, WALLET.status);
    expect(status).toMatchObject({ exists: true, unlocked: true });

    // A wrong password: an error, no word.
    const wrong = await popup.evaluate(
      ([method, params]) =>
        (
          globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
        ).chrome.runtime.sendMessage({ type: 'request', method, params }),
      [WALLET.exportPhrase, { password: 'not the password', phraseId }] as const,
    );
    // Exactly the refusal: no field that could carry a word.
    expect(wrong).toEqual({
      ok: false,
      error: { code: -32603, message: 'Wrong password.', data: { reason: 'wrong_password' } },
    });

    // "Forgot password?": locked, erased, restored from the same phrase: the same account id.
    await walletCall(popup, WALLET.lock);
    await walletCall(popup, WALLET.erase, { confirm: 'erase this wallet' });
    const restored = await walletCall<CreateResult>(popup, WALLET.create, {
      password: 'a new long password',
      source: { kind: 'importPhrase', phrase: words.join(' ') },
    });
    expect(restored.status.accounts.map((a) => a.accountId)).toEqual([accountId]);

    // The site connected to the erased wallet has nothing; asking again opens the connect window.
    expect(resultOf(await request(dapp, 'intents_accounts'))).toEqual([]);
    const { approval, pending } = await withApproval(extension.context, () =>
      request(dapp, 'intents_requestAccounts', {}),
    );
    await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'connect');
    await approval.close();
    expect(await pending).toMatchObject({ ok: false, error: { code: 4001 } });
  } finally {
    await close();
    await closePageServer(pages);
  }
});
