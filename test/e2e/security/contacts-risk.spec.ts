// Red team: what the approval window says of a site's transfer depends on who receives it, as the wallet
// knows them (docs/security.md, "Risk rules"). To a saved contact it is a caution that names the contact
// (no tick); to an account the wallet never sent to it stays danger and says it is the first time; and a
// site cannot make its receiver look like a contact by naming it so in its params. Real Chromium, the
// built extension, the simulator.
import { CONTACTS } from '../../../src/api/contactsApi';
import { dappForFile, errorOf, reject, request, TEN_WNEAR, WNEAR, withApproval } from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { expectDangerGate } from './helpers';

test.describe.configure({ timeout: 90_000 });

const session = dappForFile({ connect: true, fundWnear: TEN_WNEAR });
const ALICE = `alice${Date.now()}.near`;
const STRANGER = `stranger${Date.now()}.near`;

const transferTo = (receiver: string, extra: Record<string, unknown> = {}) =>
  request(
    session.dapp,
    'intents_signIntents',
    { intents: [{ intent: 'transfer', receiver_id: receiver, tokens: { [WNEAR]: '1000' } }], ...extra },
    { timeoutMs: 60_000 },
  );

test('a site’s transfer to a saved contact is a caution naming it; to a new account a first-time danger', async () => {
  const { popup, context } = session.w;
  await walletCall(popup, CONTACTS.save, { name: 'Alice', chain: 'home', address: ALICE, memo: '' });

  // To the contact: a caution with the contact's name, nothing to tick.
  {
    const { approval, pending } = await withApproval(context, () => transferTo(ALICE));
    const finding = approval.getByTestId('approval-finding').filter({ hasText: 'Alice (saved contact)' });
    await expect(finding).toHaveAttribute('data-level', 'warning');
    await expect(approval.locator('[data-testid="approval-finding"][data-level="danger"]')).toHaveCount(0);
    await expect(approval.getByTestId('approval-ack-danger')).toHaveCount(0);
    await reject(approval);
    expect(errorOf(await pending).code).toBe(4001);
  }

  // To an account never paid, the site claiming in its params that it is a contact: danger, "first time".
  {
    const { approval, pending } = await withApproval(context, () =>
      transferTo(STRANGER, { contact: 'Alice', contacts: [{ name: 'Alice', address: STRANGER }] }),
    );
    const danger = approval.locator('[data-testid="approval-finding"][data-level="danger"]');
    await expect(danger.filter({ hasText: 'first time' })).toHaveCount(1);
    await expect(approval.getByText('(saved contact)')).toHaveCount(0);
    await expectDangerGate(approval);
    await reject(approval);
    expect(errorOf(await pending).code).toBe(4001);
  }

  // A contact deleted is a contact no longer: the same transfer is danger again.
  const listed = await walletCall<{ contacts: { id: string; address: string }[] }>(popup, CONTACTS.list);
  const alice = listed.contacts.find((c) => c.address === ALICE);
  expect(alice).toBeDefined();
  await walletCall(popup, CONTACTS.remove, { id: alice!.id });
  {
    const { approval, pending } = await withApproval(context, () => transferTo(ALICE));
    await expectDangerGate(approval);
    await expect(approval.getByText('(saved contact)')).toHaveCount(0);
    await reject(approval);
    expect(errorOf(await pending).code).toBe(4001);
  }
});
