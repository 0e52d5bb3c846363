// The approval queue survives a service-worker stop, in real Chromium
// with the built extension against the real simulator: a request waits in the approval window, the
// worker is stopped through CDP (ServiceWorker.stopAllWorkers) and seen stopped, and the request then
// still completes — or is cleanly rejected — but is never lost: every page promise here has a timeout.
import { verifySignature } from '@near-wallet-selector/core';
import { ERROR_CODES } from '../../src/provider/protocol';
import {
  confirm,
  dappForFile,
  errorOf,
  expectClosed,
  nonce32,
  PAGE_SITE,
  pagesOpenedDuring,
  reject,
  request,
  resultOf,
  withApproval,
} from './provider-helpers';
import { expect, test } from './sim';
import { stopWorker, watchWorkerForFile } from './worker';

test.describe.configure({ mode: 'serial', timeout: 45_000 });

const session = dappForFile({
  connect: true,
  ...watchWorkerForFile,
});

test('signMessage waiting in the window; worker stopped; Confirm → the page gets a valid signature', async () => {
  const message = 'signed across a worker restart';
  const nonce = nonce32();
  const recipient = PAGE_SITE;
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(
      session.dapp,
      'intents_signMessage',
      { message, recipient, nonce: nonce.toString('base64') },
      { timeoutMs: 20_000 },
    ),
  );
  await expect(approval.getByTestId('approval-message')).toHaveText(message);

  const from = await stopWorker(session.cdp, session.sw);

  // The window's next call wakes the worker, which reads the queue back from storage.session.
  await confirm(approval);
  const outcome = await pending;
  expect(outcome.ok, `the page's promise settled: ${JSON.stringify(outcome)}`).not.toBe('timeout');
  const signed = resultOf<{ accountId: string; publicKey: string; signature: string }>(outcome);
  expect(signed.accountId).toBe(session.w.accountId);
  expect(verifySignature({ publicKey: signed.publicKey, signature: signed.signature, message, nonce, recipient })).toBe(
    true,
  );
  // It was a new worker that signed: stopped, then running again.
  const after = session.sw.events().slice(from);
  expect(after.indexOf('running'), after.join(',')).toBeGreaterThan(after.indexOf('stopped'));
  await expectClosed(approval);
});

test('worker stopped, then Reject → the page gets 4001', async () => {
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(
      session.dapp,
      'intents_signMessage',
      { message: 'reject me', recipient: PAGE_SITE, nonce: nonce32().toString('base64') },
      { timeoutMs: 20_000 },
    ),
  );
  await expect(approval.getByTestId('approval-message')).toHaveText('reject me');
  await stopWorker(session.cdp, session.sw);
  await reject(approval);
  const outcome = await pending;
  expect(outcome.ok).not.toBe('timeout');
  expect(errorOf(outcome)).toMatchObject({ code: ERROR_CODES.userRejected });
  await expectClosed(approval);
});

test('worker stopped, then the window is closed → the page gets 4001, and the site can ask again', async () => {
  // A tab of its own: the tab whose window was closed is cooled down (below), the others are not.
  const tab = await session.w.context.newPage();
  await tab.goto(session.dapp.url());
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(
      tab,
      'intents_signMessage',
      { message: 'close me', recipient: PAGE_SITE, nonce: nonce32().toString('base64') },
      { timeoutMs: 20_000 },
    ),
  );
  await expect(approval.getByTestId('approval-message')).toHaveText('close me');
  await stopWorker(session.cdp, session.sw);
  await approval.close(); // windows.onRemoved wakes the worker
  const outcome = await pending;
  expect(outcome.ok).not.toBe('timeout');
  expect(errorOf(outcome)).toEqual({
    code: ERROR_CODES.userRejected,
    message: 'The user closed the approval window',
    isError: true,
  });
  // The tab that was just dismissed may not reopen the window at once (-32005, no window)…
  const opened = await pagesOpenedDuring(session.w.context, async () => {
    const soon = errorOf(
      await request(tab, 'intents_signMessage', {
        message: 'again',
        recipient: PAGE_SITE,
        nonce: nonce32().toString('base64'),
      }),
    );
    expect(soon.code).toBe(ERROR_CODES.rateLimited);
  });
  expect(opened).toBe(0);
  await tab.close();
  // …but nothing is left pending for the origin: the site asks from its other tab, queued (not -32002) and shown.
  const again = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signMessage', {
      message: 'after',
      recipient: PAGE_SITE,
      nonce: nonce32().toString('base64'),
    }),
  );
  await expect(again.approval.getByTestId('approval-message')).toHaveText('after');
  await reject(again.approval);
  expect(errorOf(await again.pending).code).toBe(ERROR_CODES.userRejected);
  await expectClosed(again.approval);
});

test('a request from a tab that closes is dropped: the window goes away and the site can ask again', async () => {
  const tab = await session.w.context.newPage();
  await tab.goto(`${session.pages.origin}/dapp.html`);
  const { approval } = await withApproval(session.w.context, () =>
    request(tab, 'intents_signMessage', {
      message: 'from a closing tab',
      recipient: PAGE_SITE,
      nonce: nonce32().toString('base64'),
    }).catch(() => undefined),
  );
  await expect(approval.getByTestId('approval-message')).toHaveText('from a closing tab');
  await tab.close();
  await expectClosed(approval);
  // Not -32002: nothing is pending for the origin any more.
  const again = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signMessage', {
      message: 'next',
      recipient: PAGE_SITE,
      nonce: nonce32().toString('base64'),
    }),
  );
  await expect(again.approval.getByTestId('approval-message')).toHaveText('next');
  await reject(again.approval);
  expect(errorOf(await again.pending).code).toBe(ERROR_CODES.userRejected);
  await expectClosed(again.approval);
});
