// Red team: the approval window must not lie (docs/security.md, "What the window shows" and "Risk
// rules"). A connected page builds requests whose words in the window differ from what the verifier
// would do with the money: a withdrawal to attacker.near dressed up with a `WITHDRAW_TO:` memo naming
// the user's own address, value sent to a third party in forms other than token_diff, signatures that
// never expire, text with bidirectional overrides (Unicode TR 9; "Trojan Source", CVE-2021-42574),
// and a look-alike host (Unicode TR 36 §2; an invalid `xn--` label that decodes to plain ASCII). Each
// time the window must show the truth (the receiver in full, a danger finding that holds Confirm back
// until "I understand the risk" is ticked, escapes, the raw host), the victim rejects, and nothing
// moves on the simulator's ledger.
import type { Page } from '@playwright/test';
import { shortAddress } from '../../../src/core';
import { ERROR_CODES } from '../../../src/provider/protocol';
import {
  dappForFile,
  errorOf,
  expectClosed,
  nonce32,
  ONE_WNEAR,
  reject,
  request,
  resultOf,
  TEN_WNEAR,
  USDT,
  WNEAR,
  withApproval,
} from '../provider-helpers';
import { expect, test } from '../sim';
import { expectDangerGate, ledgerState, originOn } from './helpers';

test.describe.configure({ timeout: 60_000 });

const session = dappForFile({ connect: true, fundWnear: TEN_WNEAR });

const ONE_NEAR = ONE_WNEAR; // 10^24 yocto: wNEAR and NEAR have the same decimals

/** Opens the window for `params`, runs `check` on it, rejects, and expects the page's 4001. */
async function shownThenRejected(
  params: Record<string, unknown>,
  check: (approval: Page) => Promise<void>,
  method = 'intents_signIntents',
): Promise<void> {
  const { approval, pending } = await withApproval(session.w.context, () => request(session.dapp, method, params));
  try {
    await check(approval);
  } finally {
    if (!approval.isClosed()) await reject(approval);
  }
  expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
  await expectClosed(approval);
}

test("ft_withdraw to attacker.near with a WITHDRAW_TO memo of the user's own address: the window names attacker.near in full, danger", async ({
  sim,
}) => {
  const before = await ledgerState(sim, session.w.accountId);
  const intents = [
    {
      intent: 'ft_withdraw',
      token: 'wrap.near',
      receiver_id: 'attacker.near',
      amount: TEN_WNEAR,
      memo: `WITHDRAW_TO:${session.w.accountId}`,
    },
  ];
  await shownThenRejected({ intents }, async (approval) => {
    const intent = approval.getByTestId('approval-intent');
    await expect(intent).toContainText('attacker.near');
    // The user's own address, shortened, must not pass for the destination.
    await expect(intent).not.toContainText(`to ${shortAddress(session.w.accountId)}`);
    await expectDangerGate(approval, intent.locator('[data-testid="approval-finding"][data-level="danger"]'));
  });
  expect(await ledgerState(sim, session.w.accountId)).toEqual(before);
});

const toThirdParty: [string, Record<string, unknown>][] = [
  [
    'a transfer of all wNEAR to a third party',
    { intent: 'transfer', receiver_id: 'attacker.near', tokens: { [WNEAR]: TEN_WNEAR } },
  ],
  ['native_withdraw to a third party', { intent: 'native_withdraw', receiver_id: 'attacker.near', amount: ONE_NEAR }],
  [
    'storage_deposit of 1 NEAR for a third party',
    { intent: 'storage_deposit', contract_id: 'wrap.near', deposit_for_account_id: 'attacker.near', amount: ONE_NEAR },
  ],
];
for (const [what, intent] of toThirdParty) {
  test(`${what}: a danger finding, Confirm only after the tick`, async ({ sim }) => {
    const before = await ledgerState(sim, session.w.accountId);
    await shownThenRejected({ intents: [intent] }, async (approval) => {
      const shown = approval.getByTestId('approval-intent');
      await expect(shown).toHaveAttribute('data-type', String(intent.intent));
      await expect(shown).toContainText('attacker.near');
      await expectDangerGate(approval, shown.locator('[data-testid="approval-finding"][data-level="danger"]'));
    });
    expect(await ledgerState(sim, session.w.accountId)).toEqual(before);
  });
}

test('signatures that never expire: a deadline in year 9999, a deadline two days away, a page-supplied legacy nonce are each danger', async ({
  sim,
}) => {
  const before = await ledgerState(sim, session.w.accountId);
  // A swap-shaped request with no other danger in it: the envelope alone must hold Confirm back.
  const intents = [{ intent: 'token_diff', diff: { [WNEAR]: `-${ONE_WNEAR}`, [USDT]: '1000000' } }];
  const finding = (approval: Page, code: string) =>
    approval.locator(`[data-testid="approval-finding"][data-code="${code}"][data-level="danger"]`);
  const legacyNonce = nonce32().toString('base64'); // 32 random bytes: not the versioned layout

  // Year 9999 under the page's own (legacy) nonce: nothing in the nonce expires it either.
  await shownThenRejected({ intents, deadline: '9999-12-31T23:59:59.000Z', nonce: legacyNonce }, async (approval) => {
    await expect(finding(approval, 'deadline_far')).toBeVisible();
    await expectDangerGate(approval, finding(approval, 'legacy_nonce'));
  });
  // Two days away under a nonce the wallet makes.
  await shownThenRejected(
    { intents, deadline: new Date(Date.now() + 2 * 24 * 3600_000).toISOString() },
    async (approval) => {
      await expect(approval.getByTestId('approval-nonce-kind')).toHaveAttribute('data-kind', 'versioned');
      await expectDangerGate(approval, finding(approval, 'deadline_far'));
    },
  );
  // The default deadline under the page's legacy nonce.
  await shownThenRejected({ intents, nonce: nonce32().toString('base64') }, async (approval) => {
    await expect(approval.getByTestId('approval-nonce-kind')).toHaveAttribute('data-kind', 'legacy');
    await expectDangerGate(approval, finding(approval, 'legacy_nonce'));
  });
  expect(await ledgerState(sim, session.w.accountId)).toEqual(before);
});

test('bidirectional overrides and invisible characters are shown as escapes, never as they are', async ({ sim }) => {
  const before = await ledgerState(sim, session.w.accountId);
  const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/;
  const memo = 'invoice \u202Egnp.exe\u202C paid\u200B';
  const intents = [{ intent: 'token_diff', diff: { [WNEAR]: `-${ONE_WNEAR}`, [USDT]: '1000000' }, memo }];
  await shownThenRejected({ intents }, async (approval) => {
    await approval.getByTestId('approval-technical').locator('summary').click();
    await approval.getByTestId('approval-raw-toggle').click();
    await expect(approval.getByTestId('approval-raw')).toBeVisible();
    const text = await approval.locator('body').innerText();
    expect(text, 'no raw override or zero-width character in the window').not.toMatch(HIDDEN);
    expect(text.toUpperCase()).toContain('\\U202E');
  });
  // A message to sign, too.
  await shownThenRejected(
    {
      message: 'Log in to example.org \u202Eexe.elif\u202C',
      recipient: 'example.org',
      nonce: nonce32().toString('base64'),
    },
    async (approval) => {
      const text = await approval.getByTestId('approval-message').innerText();
      expect(text).not.toMatch(HIDDEN);
      expect(text.toUpperCase()).toContain('\\U202E');
    },
    'intents_signMessage',
  );
  expect(await ledgerState(sim, session.w.accountId)).toEqual(before);
});

/** Opens a page on `host` (served by the page server), asks to connect, runs `check` on the window, rejects. */
async function connectWindowFrom(host: string, check: (approval: Page, raw: string) => Promise<void>): Promise<void> {
  const origin = originOn(session.pages, host);
  const raw = new URL(origin).host;
  const page = await session.w.context.newPage();
  try {
    await page.goto(`${origin}/dapp.html`);
    const { approval, pending } = await withApproval(session.w.context, () =>
      request(page, 'intents_requestAccounts', {}),
    );
    try {
      await check(approval, raw);
    } finally {
      await reject(approval);
    }
    expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
    await expectClosed(approval);
    expect(resultOf(await request(page, 'intents_accounts')), 'the look-alike site is not connected').toEqual([]);
  } finally {
    await page.close();
  }
}

// xn--80ak6aa92e is "аррӏе" in Cyrillic letters: the heading must be what the browser connects to.
test('an IDN homograph host is shown raw (xn--) in the heading, its decoded form flagged beneath', async ({ sim }) => {
  const before = await ledgerState(sim, session.w.accountId);
  await connectWindowFrom('xn--80ak6aa92e.localhost', async (approval, raw) => {
    await expect(approval.getByTestId('approval-origin'), 'the heading is the raw host').toHaveText(raw);
    await expect(approval.getByTestId('approval-punycode-flag')).toContainText('аррӏе.localhost');
  });
  expect(await ledgerState(sim, session.w.accountId)).toEqual(before);
});

// xn--abc- decodes (RFC 3492) to plain "abc", which IDNA refuses (UTS #46 §4.1 step 4: an xn-- label
// must not decode to ASCII only); Chromium still loads the host as it is.
test('an invalid xn-- label is never shown decoded (xn--abc- is not "abc")', async ({ sim }) => {
  const before = await ledgerState(sim, session.w.accountId);
  await connectWindowFrom('xn--abc-.localhost', async (approval, raw) => {
    await expect(approval.getByTestId('approval-origin'), 'the heading is the raw host').toHaveText(raw);
    const text = await approval.locator('body').innerText();
    expect(text.split(raw).join(''), 'no decoded form of the invalid label anywhere in the window').not.toContain(
      'abc.localhost',
    );
  });
  expect(await ledgerState(sim, session.w.accountId)).toEqual(before);
});
