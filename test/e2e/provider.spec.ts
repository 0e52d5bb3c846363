// Provider API end to end: every method of the table in
// architecture.md ("Provider API") called through window.intentsCompanion.request from a page on
// 127.0.0.1, in real Chromium with the built extension, against the real simulator. One fresh profile
// for the file (the tests build on each other: connect → sign → publish → revoke → disconnect).
// Signatures are checked in this (Node) process by an independent NEP-413 implementation:
// @near-wallet-selector/core's verifySignature.
import { verifySignature } from '@near-wallet-selector/core';
import {
  approvalPages,
  approvalQueueEmpty,
  balances,
  busQuote,
  confirm,
  dappForFile,
  errorOf,
  expectClosed,
  fund,
  nonce32,
  ONE_WNEAR,
  PAGE_SITE,
  PASSWORD,
  request,
  resultOf,
  screenshotPath,
  signedIntentVerifies,
  TEN_WNEAR,
  USDT,
  WNEAR,
  withApproval,
} from './provider-helpers';
import { expect, test, walletCall } from './sim';

test.describe.configure({ mode: 'serial', timeout: 45_000 });

const session = dappForFile();
let account: { accountId: string; publicKey: string };

/** Provider events the dApp page received since the last `markEvents()`. */
let eventsFrom = 0;
const events = async () =>
  (
    await session.dapp.evaluate(() => (window as unknown as { __events: { name: string; data: unknown }[] }).__events)
  ).slice(eventsFrom);
const markEvents = async () => {
  eventsFrom += (await events()).length;
};

test.beforeAll(() => {
  account = { accountId: session.w.accountId, publicKey: session.w.publicKey };
});

test('intents_accounts and wallet_getPermissions are empty before connecting', async () => {
  expect(resultOf(await request(session.dapp, 'intents_accounts'))).toEqual([]);
  expect(resultOf(await request(session.dapp, 'wallet_getPermissions'))).toEqual([]);
});

test('intents_requestAccounts: connect window → Connect → the account; a second call opens no window', async () => {
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_requestAccounts', {}),
  );
  await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'connect');
  await expect(approval.getByTestId('approval-origin')).toHaveText(new URL(session.pages.origin).host);
  await expect(approval.getByTestId('approval-origin')).toHaveAttribute('title', session.pages.origin);
  await expect(approval.getByTestId(`approval-account-${session.w.accountId}`)).toBeChecked();
  await approval.bringToFront();
  await expect(approval.getByTestId('approval-confirm')).toBeEnabled();
  await approval.screenshot({ path: screenshotPath('connect.png'), fullPage: true });
  await confirm(approval);
  expect(resultOf(await pending)).toEqual([account]);
  await expectClosed(approval);

  // Granted: the next call answers at once, without a window.
  let opened = 0;
  const count = () => opened++;
  session.w.context.on('page', count);
  try {
    expect(resultOf(await request(session.dapp, 'intents_requestAccounts', {}))).toEqual([account]);
    expect(resultOf(await request(session.dapp, 'intents_accounts'))).toEqual([account]);
    await approvalQueueEmpty(session.w.context);
    expect(opened).toBe(0);
  } finally {
    session.w.context.off('page', count);
  }
  const seen = await events();
  expect(seen).toContainEqual({ name: 'accountsChanged', data: [account] });
  expect(seen).toContainEqual({ name: 'connect', data: { accounts: [account] } });
});

test('intents_signMessage: the window shows the message; the signature verifies with @near-wallet-selector/core', async () => {
  const message = 'Sign in to the test dApp\nline two: ünïcödé ✓';
  const nonce = nonce32();
  const recipient = PAGE_SITE;
  const callbackUrl = `${session.pages.origin}/callback`;
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signMessage', { message, recipient, nonce: nonce.toString('base64'), callbackUrl }),
  );
  await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'signMessage');
  await expect(approval.getByTestId('approval-message')).toHaveText(message);
  await expect(approval.getByTestId('approval-recipient')).toHaveText(recipient);
  await expect(approval.getByTestId('approval-verifier-warning')).toHaveCount(0);
  // The result first: what the signature does, for whom; the account id, callback and nonce one click away.
  await expect(approval.getByTestId('approval-message-result')).toHaveText(
    `Your signature shows ${recipient} that you hold this account. It moves no funds.`,
  );
  await expect(approval.getByTestId('approval-message-account')).toBeHidden();
  await approval.getByTestId('approval-technical').locator('summary').click();
  await expect(approval.getByTestId('approval-message-account')).toHaveText(session.w.accountId);
  await confirm(approval);
  const signed = resultOf<{ accountId: string; publicKey: string; signature: string }>(await pending);
  expect(signed).toEqual({
    accountId: session.w.accountId,
    publicKey: session.w.publicKey,
    signature: expect.stringMatching(/^[A-Za-z0-9+/]{86}==$/),
  });

  // Checked here in Node by another implementation of NEP-413 (borsh payload, tag 2^31+413, sha256, ed25519).
  expect(
    verifySignature({
      publicKey: signed.publicKey,
      signature: signed.signature,
      message,
      nonce,
      recipient,
      callbackUrl,
    }),
  ).toBe(true);
  // …and it is bound to every field.
  expect(
    verifySignature({
      publicKey: signed.publicKey,
      signature: signed.signature,
      message: `${message}!`,
      nonce,
      recipient,
      callbackUrl,
    }),
  ).toBe(false);
  expect(
    verifySignature({
      publicKey: signed.publicKey,
      signature: signed.signature,
      message,
      nonce,
      recipient: 'other.example',
      callbackUrl,
    }),
  ).toBe(false);
  expect(
    verifySignature({
      publicKey: signed.publicKey,
      signature: signed.signature,
      message,
      nonce: nonce32(),
      recipient,
      callbackUrl,
    }),
  ).toBe(false);
  expect(verifySignature({ publicKey: signed.publicKey, signature: signed.signature, message, nonce, recipient })).toBe(
    false,
  );
  await expectClosed(approval);
});

test('intents_signMessage with the nonce as a Uint8Array (no callback URL) verifies too', async () => {
  const message = 'nonce as bytes';
  const nonce = nonce32();
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signMessage', { message, recipient: PAGE_SITE }, { nonceBytes: [...nonce] }),
  );
  await expect(approval.getByTestId('approval-message')).toHaveText(message);
  await confirm(approval);
  const signed = resultOf<{ publicKey: string; signature: string }>(await pending);
  expect(
    verifySignature({ publicKey: signed.publicKey, signature: signed.signature, message, nonce, recipient: PAGE_SITE }),
  ).toBe(true);
  await expectClosed(approval);
});

test('intents_signIntents (a transfer): plain words and the simulation → Sign → {signed, intentHash, payload}', async ({
  sim,
}) => {
  await fund(sim, session.w.accountId, WNEAR, TEN_WNEAR);
  const intents = [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_WNEAR } }];
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signIntents', { intents }),
  );
  await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'signIntents');
  await expect(approval.getByTestId('approval-origin')).toHaveText(new URL(session.pages.origin).host);
  const intent = approval.getByTestId('approval-intent');
  await expect(intent).toHaveCount(1);
  await expect(intent).toHaveAttribute('data-type', 'transfer');
  await expect(intent).toContainText('Transfer');
  await expect(intent).toContainText('Send 1 wNEAR to bob.near');
  const simulation = approval.getByTestId('approval-simulation');
  await expect(simulation.locator('[data-outcome="ok"]')).toContainText('1 intent would execute');
  await expect(simulation).toContainText(`${session.w.accountId} -1 wNEAR`);
  await expect(approval.getByTestId('approval-deadline')).toContainText(/^in \d+ (s|min)/);
  await expect(approval.getByTestId('approval-nonce-kind')).toHaveAttribute('data-kind', 'versioned');
  await approval.getByTestId('approval-technical').locator('summary').click();
  await approval.getByTestId('approval-raw-toggle').click();
  await expect(approval.getByTestId('approval-raw')).toContainText(`"signer_id": "${session.w.accountId}"`);
  await expect(intent).toContainText('Danger');
  await confirm(approval, { acknowledgeDanger: true });

  const out = resultOf<{
    signed: {
      standard: string;
      payload: { message: string; nonce: string; recipient: string };
      public_key: string;
      signature: string;
    };
    intentHash: string;
    payload: { signer_id: string; verifying_contract: string; intents: unknown[]; deadline: string; nonce: string };
  }>(await pending);
  expect(out.intentHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  expect(out.payload).toMatchObject({ signer_id: session.w.accountId, verifying_contract: 'intents.sim', intents });
  expect(out.signed.standard).toBe('nep413');
  expect(out.signed.public_key).toBe(session.w.publicKey);
  expect(out.signed.payload.recipient).toBe('intents.sim');
  expect(JSON.parse(out.signed.payload.message)).toMatchObject({
    signer_id: session.w.accountId,
    intents,
    deadline: out.payload.deadline,
  });
  // The NEP-413 signature inside the signed intent verifies independently too (signature is ed25519:<base58>).
  expect(out.signed.signature).toMatch(/^ed25519:/);
  expect(signedIntentVerifies(out.signed)).toBe(true);
  await expectClosed(approval);
  // Signed, not published: nothing moved.
  expect((await balances(sim, session.w.accountId))[WNEAR]).toBe(TEN_WNEAR);
});

test('intents_publishIntents: a token_diff swap against a bus quote → Sign & publish → SETTLED, balances moved', async ({
  sim,
}) => {
  const before = await balances(sim, session.w.accountId);
  expect(before[WNEAR]).toBe(TEN_WNEAR);
  const offer = await busQuote(sim);
  const diff = { [WNEAR]: `-${offer.amount_in}`, [USDT]: offer.amount_out };
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_publishIntents', {
      intents: [{ intent: 'token_diff', diff }],
      quoteHashes: [offer.quote_hash],
    }),
  );
  await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'publishIntents');
  const intent = approval.getByTestId('approval-intent');
  await expect(intent).toHaveAttribute('data-type', 'token_diff');
  await expect(intent).toContainText('Give 1 wNEAR');
  await expect(intent).toContainText(/Receive [\d.]+ USDT/);
  // Risk findings with their levels: the swap alone needs the solver's counter-intent.
  await expect(approval.getByTestId('approval-finding').first()).toBeVisible();
  await expect(approval.locator('[data-testid="approval-finding"][data-code="needs_counterparty"]')).toHaveAttribute(
    'data-level',
    'info',
  );
  const simulation = approval.getByTestId('approval-simulation');
  await expect(simulation.locator('[data-outcome="ok"]')).toContainText('1 intent would execute');
  await expect(simulation).toContainText('-1 wNEAR');
  await expect(approval.getByTestId('approval-publish')).toContainText('together with 1 solver quote');
  await approval.bringToFront();
  await expect(approval.getByTestId('approval-confirm')).toBeEnabled();
  await approval.screenshot({ path: screenshotPath('intent-preview.png'), fullPage: true });
  await confirm(approval);

  const published = resultOf<{ intentHash: string; status: string }>(await pending);
  expect(published).toEqual({ intentHash: expect.any(String), status: 'OK' });
  await expectClosed(approval);

  const statuses: string[] = [];
  await expect
    .poll(
      async () => {
        const s = resultOf<{ status: string; intent_hash: string }>(
          await request(session.dapp, 'intents_getIntentStatus', { intentHash: published.intentHash }),
        );
        expect(s.intent_hash).toBe(published.intentHash);
        if (statuses.at(-1) !== s.status) statuses.push(s.status);
        return s.status;
      },
      { timeout: 10_000, intervals: [100] },
    )
    .toBe('SETTLED');
  expect(['PENDING', 'TX_BROADCASTED']).toEqual(expect.arrayContaining(statuses.slice(0, -1)));

  const after = await balances(sim, session.w.accountId);
  expect(BigInt(after[WNEAR]!)).toBe(BigInt(TEN_WNEAR) - BigInt(offer.amount_in));
  expect(BigInt(after[USDT] ?? '0')).toBe(BigInt(before[USDT] ?? '0') + BigInt(offer.amount_out));
});

test('intents_getIntentStatus of an unknown hash relays the bus answer', async () => {
  const unknown = '11111111111111111111111111111111';
  expect(resultOf(await request(session.dapp, 'intents_getIntentStatus', { intentHash: unknown }))).toEqual({
    intent_hash: unknown,
    status: 'NOT_FOUND_OR_NOT_VALID',
  });
});

test('wallet_getPermissions / wallet_revokePermissions have the EIP-2255 shapes', async () => {
  expect(resultOf(await request(session.dapp, 'wallet_getPermissions'))).toEqual([
    {
      parentCapability: 'intents_accounts',
      invoker: session.pages.origin,
      caveats: [{ type: 'restrictReturnedAccounts', value: [session.w.accountId] }],
    },
  ]);
  await markEvents();
  expect(resultOf(await request(session.dapp, 'wallet_revokePermissions', [{ intents_accounts: {} }]))).toBeNull();
  expect(resultOf(await request(session.dapp, 'wallet_getPermissions'))).toEqual([]);
  expect(resultOf(await request(session.dapp, 'intents_accounts'))).toEqual([]);
  await expect.poll(events).toContainEqual({ name: 'accountsChanged', data: [] });
  // The popup's Connected sites no longer lists it.
  const sites = await session.w.popup.evaluate(async () => {
    const runtime = (
      globalThis as unknown as {
        chrome: { runtime: { sendMessage(m: unknown): Promise<{ result: { origin: string }[] }> } };
      }
    ).chrome.runtime;
    return (await runtime.sendMessage({ type: 'request', method: 'wallet_listSites' })).result.map((s) => s.origin);
  });
  expect(sites).not.toContain(session.pages.origin);
});

test('a locked wallet: the window asks for the password, then shows the request (connect, then signMessage)', async () => {
  await walletCall(session.w.popup, 'wallet_lock');
  expect(resultOf(await request(session.dapp, 'intents_accounts'))).toEqual([]); // nothing visible while locked

  // Not connected (revoked above) and locked: connect asks to unlock first, in the window.
  {
    const { approval, pending } = await withApproval(session.w.context, () =>
      request(session.dapp, 'intents_requestAccounts', {}),
    );
    await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'connect');
    await expect(approval.getByTestId('approval-confirm')).toHaveCount(0); // no Confirm before the unlock
    await approval.getByTestId('approval-unlock-password').fill('not the password');
    await approval.getByTestId('approval-unlock-submit').click();
    await expect(approval.getByTestId('approval-unlock-error')).toBeVisible();
    await approval.getByTestId('approval-unlock-password').fill(PASSWORD);
    await approval.getByTestId('approval-unlock-submit').click();
    await expect(approval.getByTestId(`approval-account-${session.w.accountId}`)).toBeChecked();
    await confirm(approval);
    expect(resultOf(await pending)).toEqual([account]);
    await expectClosed(approval);
  }

  // Connected: locking tells the site (lock, accountsChanged []); signing asks to unlock, then signs.
  await markEvents();
  await walletCall(session.w.popup, 'wallet_lock');
  await expect.poll(events).toEqual(
    expect.arrayContaining([
      { name: 'accountsChanged', data: [] },
      { name: 'lock', data: null },
    ]),
  );
  const message = 'signed after an unlock';
  const nonce = nonce32();
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signMessage', { message, recipient: PAGE_SITE, nonce: nonce.toString('base64') }),
  );
  await expect(approval.getByTestId('approval-unlock-password')).toBeFocused();
  await approval.getByTestId('approval-unlock-password').fill(PASSWORD);
  await approval.getByTestId('approval-unlock-submit').click();
  await expect(approval.getByTestId('approval-message')).toHaveText(message);
  await confirm(approval);
  const signed = resultOf<{ publicKey: string; signature: string }>(await pending);
  expect(
    verifySignature({ publicKey: signed.publicKey, signature: signed.signature, message, nonce, recipient: PAGE_SITE }),
  ).toBe(true);
  await expectClosed(approval);
  await expect.poll(events).toEqual(
    expect.arrayContaining([
      { name: 'unlock', data: null },
      { name: 'accountsChanged', data: [account] },
    ]),
  );
});

// architecture.md: 4100 covers "locked and the user declined to unlock".
test('a locked wallet: declining to unlock in the window answers 4100', async () => {
  await walletCall(session.w.popup, 'wallet_lock');
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signMessage', {
      message: 'm',
      recipient: PAGE_SITE,
      nonce: nonce32().toString('base64'),
    }),
  );
  await expect(approval.getByTestId('approval-unlock-password')).toBeVisible();
  await approval.getByTestId('approval-reject').click();
  expect(errorOf(await pending).code).toBe(4100);
  await walletCall(session.w.popup, 'wallet_unlock', { password: PASSWORD }); // the next test expects an unlocked wallet
});

test('intents_disconnect → null; intents_accounts is [] again and a disconnect event fires', async () => {
  // Connected again by the test before.
  expect(resultOf(await request(session.dapp, 'intents_accounts'))).toEqual([account]);
  await markEvents();

  expect(resultOf(await request(session.dapp, 'intents_disconnect', {}))).toBeNull();
  expect(resultOf(await request(session.dapp, 'intents_accounts'))).toEqual([]);
  expect(resultOf(await request(session.dapp, 'wallet_getPermissions'))).toEqual([]);
  await expect.poll(events).toEqual(
    expect.arrayContaining([
      { name: 'accountsChanged', data: [] },
      { name: 'disconnect', data: null },
    ]),
  );
  expect(approvalPages(session.w.context)).toHaveLength(0);
});
