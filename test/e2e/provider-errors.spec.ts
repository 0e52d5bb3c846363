// Provider API end to end: each error code of docs/architecture.md
// ("Provider API") produced through window.intentsCompanion.request from a page on 127.0.0.1, in real
// Chromium with the built extension against the real simulator. One fresh profile for the file.
//
// 4900 (extension unreachable) is not produced here: it needs the extension itself broken (uninstalled
// or its context invalidated while the page lives), which cannot be done honestly from a test without
// changing the product. The relay's code path for it is unit-tested.
import { ERROR_CODES } from '../../src/provider/protocol';
import { closePageServer, startPageServer } from './fixtures';
import {
  approvalPages,
  clickClosing,
  confirm,
  connectDapp,
  dappForFile,
  errorOf,
  expectClosed,
  fund,
  nonce32,
  ONE_WNEAR,
  PAGE_SITE,
  pagesOpenedDuring,
  reject,
  request,
  resultOf,
  WNEAR,
  withApproval,
} from './provider-helpers';
import { expect, test, walletCall } from './sim';

test.describe.configure({ mode: 'serial', timeout: 45_000 });

const session = dappForFile();

const goodMessage = () => ({ message: 'hello', recipient: PAGE_SITE, nonce: nonce32().toString('base64') });

test('4200: an unknown method, and the wallet’s own methods asked by a page', async () => {
  const opened = await pagesOpenedDuring(session.w.context, async () => {
    const unknown = errorOf(await request(session.dapp, 'intents_noSuchMethod'));
    expect(unknown).toEqual({
      code: ERROR_CODES.unsupportedMethod,
      message: 'Unsupported method: intents_noSuchMethod',
      isError: true,
    });
    // Internal methods exist in the background, but only for the extension's own pages.
    for (const [method, params] of [
      [
        'wallet_exportKey',
        { accountId: session.w.accountId, publicKey: session.w.publicKey, password: 'correct horse battery' },
      ],
      ['wallet_exportPhrase', { password: 'correct horse battery' }],
      ['wallet_status', undefined],
      ['wallet_lock', undefined],
      ['wallet_setSettings', { endpoints: { bus: 'https://evil.example/rpc' } }],
      ['approval_current', undefined],
      ['approval_resolve', { id: '00'.repeat(12), approve: true }],
      ['approval_rejectAll', { origin: session.pages.origin }],
    ] as const) {
      expect(errorOf(await request(session.dapp, method, params)), method).toEqual({
        code: 4200,
        message: `Unsupported method: ${method}`,
        isError: true,
      });
    }
  });
  expect(opened).toBe(0);
  // …and nothing happened: still unlocked, same settings (the popup asks).
  const status = await walletCall<{ unlocked: boolean }>(session.w.popup, 'wallet_status');
  expect(status.unlocked).toBe(true);
});

test('4100: signing before connecting', async () => {
  const opened = await pagesOpenedDuring(session.w.context, async () => {
    const e = errorOf(await request(session.dapp, 'intents_signMessage', goodMessage()));
    expect(e).toMatchObject({ code: ERROR_CODES.unauthorized, message: expect.stringContaining('not connected') });
    const i = errorOf(await request(session.dapp, 'intents_signIntents', { intents: [] }));
    expect(i.code).toBe(ERROR_CODES.unauthorized);
    const p = errorOf(await request(session.dapp, 'intents_publishIntents', { intents: [] }));
    expect(p.code).toBe(ERROR_CODES.unauthorized);
  });
  expect(opened).toBe(0);
});

test('-32602: invalid params name the field (once connected: a stranger learns nothing, 4100)', async () => {
  const stranger = errorOf(await request(session.dapp, 'intents_signMessage', { ...goodMessage(), nonce: 'short' }));
  expect(stranger).toMatchObject({ code: ERROR_CODES.unauthorized });
  await connectDapp(session.w.context, session.dapp);
  const short = errorOf(
    await request(session.dapp, 'intents_signMessage', {
      ...goodMessage(),
      nonce: nonce32().subarray(0, 31).toString('base64'),
    }),
  );
  expect(short).toMatchObject({
    code: ERROR_CODES.invalidParams,
    data: { field: 'nonce' },
    message: expect.stringContaining('32 bytes'),
  });
  const shortBytes = errorOf(
    await request(
      session.dapp,
      'intents_signMessage',
      { message: 'm', recipient: 'r' },
      { nonceBytes: Array(31).fill(7) },
    ),
  );
  expect(shortBytes).toMatchObject({ code: ERROR_CODES.invalidParams, data: { field: 'nonce' } });
  const noRecipient = errorOf(
    await request(session.dapp, 'intents_signMessage', { message: 'm', nonce: nonce32().toString('base64') }),
  );
  expect(noRecipient).toMatchObject({ code: ERROR_CODES.invalidParams, data: { field: 'recipient' } });
  const intents = errorOf(await request(session.dapp, 'intents_signIntents', { intents: 'all of them' }));
  expect(intents).toMatchObject({ code: ERROR_CODES.invalidParams, data: { field: 'intents' } });
  const status = errorOf(await request(session.dapp, 'intents_getIntentStatus', { intentHash: 42 }));
  expect(status).toMatchObject({ code: ERROR_CODES.invalidParams, data: { field: 'intentHash' } });
  const revoke = errorOf(await request(session.dapp, 'wallet_revokePermissions', {}));
  expect(revoke.code).toBe(ERROR_CODES.invalidParams);
  // Not even a request: the provider refuses it before posting.
  const noMethod = await session.dapp.evaluate(() =>
    (window as unknown as { intentsCompanion: { request(a: unknown): Promise<unknown> } }).intentsCompanion
      .request({ params: {} })
      .then(
        () => null,
        (e: { code: number; message: string }) => ({ code: e.code, message: e.message }),
      ),
  );
  expect(noMethod).toEqual({ code: ERROR_CODES.invalidParams, message: expect.any(String) });
  expect(resultOf(await request(session.dapp, 'intents_disconnect'))).toBeNull();
});

test('4001: Reject in the approval window', async () => {
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_requestAccounts', {}),
  );
  await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'connect');
  await reject(approval);
  expect(errorOf(await pending)).toEqual({
    code: ERROR_CODES.userRejected,
    message: 'The user rejected the request',
    isError: true,
  });
  await expectClosed(approval);
  expect(resultOf(await request(session.dapp, 'intents_accounts'))).toEqual([]);
});

test('4001: closing the approval window; that tab is cooled down, the site is not', async () => {
  const tab = await session.w.context.newPage();
  await tab.goto(session.dapp.url());
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(tab, 'intents_requestAccounts', {}),
  );
  await approval.close();
  expect(errorOf(await pending)).toEqual({
    code: ERROR_CODES.userRejected,
    message: 'The user closed the approval window',
    isError: true,
  });
  expect(resultOf(await request(tab, 'intents_accounts'))).toEqual([]);
  const opened = await pagesOpenedDuring(session.w.context, async () => {
    expect(errorOf(await request(tab, 'intents_requestAccounts', {})).code).toBe(ERROR_CODES.rateLimited);
  });
  expect(opened).toBe(0);
  await tab.close();
});

test('-32002: a second request while one from the same origin is pending; the first still completes', async () => {
  // Connect (approved) so that signing requests are allowed.
  const connect = await withApproval(session.w.context, () => request(session.dapp, 'intents_requestAccounts', {}));
  await confirm(connect.approval);
  expect(resultOf(await connect.pending)).toHaveLength(1);
  await expectClosed(connect.approval);

  const first = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signMessage', goodMessage()),
  );
  const opened = await pagesOpenedDuring(session.w.context, async () => {
    for (const [method, params] of [
      ['intents_signMessage', goodMessage()],
      ['intents_signIntents', { intents: [] }],
      ['intents_publishIntents', { intents: [] }],
    ] as const) {
      const second = errorOf(await request(session.dapp, method, params));
      expect(second, method).toEqual({
        code: ERROR_CODES.requestPending,
        message: 'A request from this site is already waiting for the user',
        isError: true,
      });
    }
    // Calls that need no prompt still answer meanwhile.
    expect(resultOf(await request(session.dapp, 'intents_accounts'))).toHaveLength(1);
    expect(resultOf(await request(session.dapp, 'intents_requestAccounts', {}))).toHaveLength(1); // already granted
  });
  expect(opened).toBe(0);
  await expect(first.approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'signMessage');
  await confirm(first.approval);
  expect(resultOf(await first.pending)).toMatchObject({ accountId: session.w.accountId });
  await expectClosed(first.approval);
});

test('4100: a sub-frame (same origin, connected) asking for a signature', async () => {
  const host = await session.w.context.newPage();
  try {
    await host.goto(`${session.pages.origin}/frame-host.html?src=dapp.html`);
    const frame = await (await host.locator('#child').elementHandle())!.contentFrame();
    await frame!.waitForFunction(() => 'intentsCompanion' in window);
    expect(new URL(frame!.url()).origin).toBe(session.pages.origin);
    const opened = await pagesOpenedDuring(session.w.context, async () => {
      // The origin is connected, so it sees its accounts; it just may not sign from a frame.
      expect(resultOf(await request(frame!, 'intents_accounts'))).toHaveLength(1);
      const e = errorOf(await request(frame!, 'intents_signMessage', goodMessage()));
      expect(e).toEqual({
        code: ERROR_CODES.unauthorized,
        message: 'Only the top frame of a page may ask for signatures',
        isError: true,
      });
      const i = errorOf(await request(frame!, 'intents_signIntents', { intents: [] }));
      expect(i.code).toBe(ERROR_CODES.unauthorized);
    });
    expect(opened).toBe(0);
  } finally {
    await host.close();
  }
});

test('-32603: publishing an intent the verifier refuses (an unfunded transfer) gives its reason', async () => {
  const intents = [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_WNEAR } }];
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_publishIntents', { intents }),
  );
  // The preview already says so (the signer's balance, read without any signature)…
  await expect(approval.getByTestId('approval-simulation').locator('[data-outcome="error"]')).toContainText(
    'The verifier would refuse this',
  );
  // …and if the user confirms anyway, simulate_intents refuses it before release: the page gets -32603
  // with the reason, the window says why, and nothing was published.
  await confirm(approval, { acknowledgeDanger: true });
  const e = errorOf(await pending);
  expect(e).toMatchObject({
    code: ERROR_CODES.internal,
    message: expect.stringMatching(/^The verifier refused it: .*balance/i),
  });
  expect(e.data).toMatchObject({ intentHash: expect.any(String), reason: expect.stringMatching(/balance/i) });
  await expect(approval.getByTestId('approval-refused')).toContainText(
    /Not signed: The verifier refused it: .*balance/i,
  );
  await clickClosing(approval, 'approval-close');
});

test('-32603: publishing an already-signed intent ({signed}) the verifier refuses, without a prompt', async ({
  sim,
}) => {
  // Two transfers of the same wNEAR, each approved (and checked by the verifier) on its own: once the
  // first has settled, the second no longer has the balance.
  await fund(sim, session.w.accountId, WNEAR, ONE_WNEAR);
  const sign = async (receiver: string) => {
    const intents = [{ intent: 'transfer', receiver_id: receiver, tokens: { [WNEAR]: ONE_WNEAR } }];
    const { approval, pending } = await withApproval(session.w.context, () =>
      request(session.dapp, 'intents_signIntents', { intents }),
    );
    await confirm(approval, { acknowledgeDanger: true });
    const { signed } = resultOf<{ signed: unknown }>(await pending);
    await expectClosed(approval);
    return signed;
  };
  const first = await sign('bob.near');
  const second = await sign('carol.near');

  const opened = await pagesOpenedDuring(session.w.context, async () => {
    const { intentHash } = resultOf<{ intentHash: string }>(
      await request(session.dapp, 'intents_publishIntents', { signed: first }),
    );
    await expect
      .poll(
        async () =>
          resultOf<{ status: string }>(await request(session.dapp, 'intents_getIntentStatus', { intentHash })).status,
        { timeout: 10_000 },
      )
      .toBe('SETTLED');
    const e = errorOf(await request(session.dapp, 'intents_publishIntents', { signed: second }));
    expect(e).toMatchObject({
      code: ERROR_CODES.internal,
      message: expect.stringMatching(/^The verifier refused it: .*balance/i),
    });
    // A tampered signature is the page's mistake: -32602 naming `signed`.
    const tampered = JSON.parse(JSON.stringify(second)) as { payload: { message: string } };
    tampered.payload.message = tampered.payload.message.replace('carol.near', 'eve.near');
    expect(errorOf(await request(session.dapp, 'intents_publishIntents', { signed: tampered }))).toMatchObject({
      code: ERROR_CODES.invalidParams,
      data: { field: 'signed' },
    });
  });
  expect(opened).toBe(0);
});

test('4001 for every request of one site with “Reject all from this site”; another site’s request stays queued', async () => {
  const other = await startPageServer();
  try {
    const page = await session.w.context.newPage();
    await page.goto(`${other.origin}/dapp.html`);
    // Two sites wait at once: one window, the first request shown, "2 requests waiting".
    const first = await withApproval(session.w.context, () =>
      request(session.dapp, 'intents_signMessage', goodMessage()),
    );
    const second = request(page, 'intents_requestAccounts', {});
    await expect(first.approval.getByTestId('approval-waiting')).toHaveText('2 requests waiting');
    expect(approvalPages(session.w.context)).toHaveLength(1);
    await expect(first.approval.getByTestId('approval-origin')).toHaveText(new URL(session.pages.origin).host);
    await first.approval.getByTestId('approval-reject-all').click();
    expect(errorOf(await first.pending)).toEqual({
      code: ERROR_CODES.userRejected,
      message: 'The user rejected the request',
      isError: true,
    });
    // The same window moves on to the other site's request.
    await expect(first.approval.getByTestId('approval-origin')).toHaveText(new URL(other.origin).host);
    await expect(first.approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'connect');
    await reject(first.approval);
    expect(errorOf(await second).code).toBe(ERROR_CODES.userRejected);
    await expectClosed(first.approval);
    await page.close();
  } finally {
    await closePageServer(other);
  }
});

test('-32005: more than 10 approval requests in a minute from one site', async () => {
  // A fresh site (not 127.0.0.1, the dApp's): the limit counts per site, and this one has asked nothing yet.
  const other = await startPageServer();
  const otherOrigin = `http://limited.localhost:${new URL(other.origin).port}`;
  try {
    const page = await session.w.context.newPage();
    await page.goto(`${otherOrigin}/dapp.html`);
    for (let n = 1; n <= 10; n++) {
      // Each is queued (a window opens) and rejected at once through the queue, as "Reject all" does.
      const { approval, pending } = await withApproval(session.w.context, () =>
        request(page, 'intents_requestAccounts', {}),
      );
      await walletCall(session.w.popup, 'approval_rejectAll', { origin: otherOrigin });
      expect(errorOf(await pending), `request ${n}`).toMatchObject({ code: ERROR_CODES.userRejected });
      await expectClosed(approval);
    }
    const opened = await pagesOpenedDuring(session.w.context, async () => {
      const limited = errorOf(await request(page, 'intents_requestAccounts', {}));
      expect(limited).toEqual({
        code: ERROR_CODES.rateLimited,
        message: 'Too many requests from this site; wait a minute and try again',
        isError: true,
      });
    });
    expect(opened).toBe(0);
    // Per site: the dApp still answers, and another site that has asked nothing yet still gets its window
    // (the dApp's own site, 127.0.0.1, has asked often in this file, so it is not the one tried).
    expect(resultOf(await request(session.dapp, 'intents_accounts'))).toHaveLength(1);
    const fresh = await session.w.context.newPage();
    await fresh.goto(`http://fresh.localhost:${new URL(other.origin).port}/dapp.html`);
    const { approval, pending } = await withApproval(session.w.context, () =>
      request(fresh, 'intents_requestAccounts', {}),
    );
    await reject(approval);
    expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
    await expectClosed(approval);
    await page.close();
    await fresh.close();
  } finally {
    await closePageServer(other);
  }
  expect(approvalPages(session.w.context)).toHaveLength(0);
});
