// Activity shows the selected account's intents, and every account's with `allAccounts`: two accounts
// each send from their intents account on the running simulator; switching accounts switches the list.

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ActivityPage } from '../../../src/api/activity';
import { type CreateResult, WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { simulatorPerFile } from '../../support/simulatorPerFile';
import { dev } from '../reliability/helpers';
import { type Background, backgroundEnv, call, ONE_NEAR, PASSWORD, useSimulator, WNEAR } from './harness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

async function send(bg: Background, accountId: string): Promise<string> {
  await dev(sim, '/dev/fund', { accountId, tokenId: WNEAR, amount: (2n * ONE_NEAR).toString() });
  const { reviewed } = await call<{ reviewed: string }>(bg, WALLET.previewSend, {
    accountId,
    receiverId: 'dave.near',
    tokenId: WNEAR,
    amount: ONE_NEAR.toString(),
  });
  return (await call<{ intentHash: string }>(bg, WALLET.send, { accountId, reviewed, acknowledgeDanger: true }))
    .intentHash;
}

const hashes = (page: ActivityPage) => page.items.flatMap((i) => (i.type === 'intent' ? [i.intent.intentHash] : []));

describe('Activity by account', () => {
  it("lists the selected account's intents; allAccounts lists every account's", async () => {
    const bg = startBackground(backgroundEnv({ now: Date.now() }));
    await useSimulator(bg, sim.url, sim.busApiKey);
    await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    await call(bg, WALLET.addAccount, { source: { kind: 'generate' } });
    const [a, b] = (await call<WalletStatus>(bg, WALLET.status)).accounts.map((x) => x.accountId);
    const fromA = await send(bg, a!);
    const fromB = await send(bg, b!);

    await call(bg, WALLET.selectAccount, { accountId: a });
    expect(hashes(await call<ActivityPage>(bg, WALLET.activity, {}))).toEqual([fromA]);
    await call(bg, WALLET.selectAccount, { accountId: b });
    expect(hashes(await call<ActivityPage>(bg, WALLET.activity, {}))).toEqual([fromB]);
    expect(hashes(await call<ActivityPage>(bg, WALLET.activity, { allAccounts: true })).sort()).toEqual(
      [fromA, fromB].sort(),
    );
  });
});
