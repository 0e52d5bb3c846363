// Red team: sign-in phishing (docs/security.md, "Messages for another site").
// A NEP-413 signature is bound to its recipient, and a site that checks a sign-in
// (@near-wallet-selector/core's verifySignature, https://github.com/near/NEPs/blob/master/neps/nep-0413.md)
// accepts any signature over its own recipient, whoever asked for it. So a connected page at
// evil.localhost asks to sign "Sign in to near-intents.org" with recipient near-intents.org: signed, it
// is that site's sign-in, and evil.localhost signs in there as the user. The background must call it
// danger, naming both sites (and the window print the asking origin beside the recipient), hold Confirm
// behind "I understand the risk", and refuse approval_resolve without that acknowledgement. The same
// for the many ways a recipient can be written, and for a callback URL on another site; a recipient
// that is the asking site, however written, is no finding.
import { verifySignature } from '@near-wallet-selector/core';
import type { Page } from '@playwright/test';
import { ERROR_CODES } from '../../../src/provider/protocol';
import { closePageServer, type PageServer, startPageServer } from '../fixtures';
import {
  connectDapp,
  errorOf,
  expectClosed,
  nonce32,
  openWallet,
  reject,
  request,
  type WalletSession,
  withApproval,
} from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { expectDangerGate, fire, originOn, pageOutcome } from './helpers';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let w: WalletSession;
let pages: PageServer;
/** The attacker's page, connected: http://evil.localhost:<port>. */
let evil: Page;
let evilOrigin: string;

test.beforeAll(async ({ sim }) => {
  w = await openWallet(sim);
  pages = await startPageServer();
  evilOrigin = originOn(pages, 'evil.localhost');
  evil = await w.context.newPage();
  await evil.goto(`${evilOrigin}/dapp.html`);
  expect(await connectDapp(w.context, evil)).toHaveLength(1);
});

test.afterAll(async () => {
  await w?.close();
  await closePageServer(pages);
});

interface MessageView {
  id: string;
  message?: { recipient: string; findings?: { level: string; code: string; message: string }[] };
}

test('"Sign in to near-intents.org" asked by evil.localhost: danger naming both sites, the asker printed beside the recipient, no signature without the tick', async () => {
  const message = 'Sign in to near-intents.org';
  const recipient = 'near-intents.org';
  const nonce = nonce32();
  const { approval, pending } = await withApproval(w.context, () =>
    request(
      evil,
      'intents_signMessage',
      { message, recipient, nonce: nonce.toString('base64') },
      { timeoutMs: 60_000 },
    ),
  );
  try {
    const finding = approval.locator('[data-testid="approval-finding"][data-level="danger"]');
    await expect(finding.first(), 'a danger finding').toBeVisible();
    await expect(finding.first()).toContainText('near-intents.org');
    await expect(finding.first()).toContainText('evil.localhost');
    await expect(approval.getByTestId('approval-recipient')).toContainText(recipient);
    await expect(
      approval.getByTestId('approval-message-origin'),
      'the asking origin, beside the recipient',
    ).toContainText('evil.localhost');
    await expectDangerGate(approval, finding);

    // The background is the source of truth: Confirm without the acknowledgement is refused.
    const view = await walletCall<MessageView>(approval, 'approval_current');
    let signed: unknown = null;
    const direct = await walletCall<unknown>(approval, 'approval_resolve', { id: view.id, approve: true }).then(
      (r) => ({ refused: false, r }),
      (e: Error) => ({ refused: true, r: e.message }),
    );
    if (!direct.refused) signed = await pending;
    const sig = (signed as { ok?: boolean; result?: { publicKey: string; signature: string } } | null)?.result;
    // What the attack gets if it works: near-intents.org's sign-in, valid for the user's key.
    expect(
      sig && verifySignature({ publicKey: sig.publicKey, signature: sig.signature, message, nonce, recipient }),
      'a sign-in for near-intents.org was signed without the tick',
    ).toBeFalsy();
    expect(direct).toMatchObject({ refused: true, r: expect.stringMatching(/understand the risk/) });
  } finally {
    if (!approval.isClosed()) await reject(approval);
  }
  expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
  await expectClosed(approval);
});

/** The background's findings for a message from the evil page (the request is then rejected). */
async function findingsFor(params: { recipient: string; callbackUrl?: string }): Promise<string[]> {
  await fire(evil, 'intents_signMessage', { message: 'hello', nonce: nonce32().toString('base64'), ...params });
  let view: MessageView | null = null;
  await expect
    .poll(
      async () => {
        view = await walletCall<MessageView | null>(w.popup, 'approval_current');
        return view?.message?.recipient;
      },
      {
        message: `${params.recipient} is waiting`,
      },
    )
    .toBe(params.recipient);
  const shown = view as MessageView | null;
  await walletCall(w.popup, 'approval_resolve', { id: shown!.id, approve: false });
  await expect.poll(() => pageOutcome(evil), { message: 'the page got its answer' }).not.toBeNull();
  const findings = shown!.message?.findings;
  expect(findings, 'the background sends the message findings').toBeDefined();
  return findings!.filter((f) => f.level === 'danger').map((f) => f.code);
}

test('every way of writing another site (or no site) as the recipient is danger; the asking site itself, however written, is not', async () => {
  const port = new URL(evilOrigin).port;
  // A page may ask for ten windows a minute, its connect and the first test's included: a few shapes
  // here, every shape in test/unit/core/site.unit.test.ts.
  const others = ['https://near-intents.org/login', 'NEAR-INTENTS.ORG.', 'app.near', 'пример.рф'];
  const misses: string[] = [];
  for (const recipient of others) {
    const codes = await findingsFor({ recipient });
    if (codes.length === 0) misses.push(`recipient ${JSON.stringify(recipient)}: no danger`);
  }
  const callback = await findingsFor({ recipient: 'evil.localhost', callbackUrl: 'https://near-intents.org/callback' });
  if (callback.length === 0) misses.push('callbackUrl on near-intents.org: no danger');
  expect(misses, 'recipients of another site that passed without danger').toEqual([]);

  const own = ['EVIL.localhost.', `http://www.evil.localhost:${port}/login`];
  const falseAlarms: string[] = [];
  for (const recipient of own) {
    const codes = await findingsFor({ recipient, callbackUrl: `${evilOrigin}/done` });
    if (codes.length > 0) falseAlarms.push(`${recipient}: ${codes.join(', ')}`);
  }
  expect(falseAlarms, 'the asking site itself was called danger').toEqual([]);
});
