// Red team: the PoA bridge's deposit_address answer rewritten on its way to the wallet by a proxy in front
// of the simulator (an attacker on the network path, or the bridge's operator: docs/security.md, "A
// service's answer counts only after the wallet checked it"). Each address below is well-formed text with
// a valid checksum that nobody can hold or that is not a payment address of the chain, so a deposit there
// is lost: a segwit output of a version with no spending rules yet (BIP-141: anyone can spend it), a
// version 1 program that is not Taproot's 32 bytes (BIP-341), a Cardano header that contradicts its length
// (CIP-19). Receive refuses each before it is shown: the address is never on screen. And the background
// keeps no contact at such an address, whatever the popup (or a script in an extension page) sends it.
import type { Page } from '@playwright/test';
import { CONTACTS } from '../../../src/api/contactsApi';
import { WALLET } from '../../../src/api/walletApi';
import { launchExtension } from '../fixtures';
import { expect, pointAtSimulator, test, walletCall } from '../sim';
import { domEverHeld, recordDom, startTamperingProxy } from './helpers';

const BTC = 'nep141:btc.omft.near';
const ADA = 'nep141:cardano.omft.near';

/** Bech32m with witness version 2 and a 32-byte program (from the BIP-350 alphabet, checksum valid). */
const SEGWIT_V2 = 'bc1zzyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygsjg4mh7';
/** Bech32m with witness version 1 and a 20-byte program: not a Taproot output. */
const SEGWIT_V1_SHORT = 'bc1pzyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3f9ww7t';
/** An enterprise header (0x61) on a base address's 56 bytes of credentials. */
const CARDANO_BENT =
  'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgsj6s489';

type Json = Record<string, unknown>;

/** Opens Receive for `assetId` (searched by `search`) from Home. */
async function receive(page: Page, search: string, assetId: string): Promise<void> {
  await page.getByTestId('nav-home').click();
  await page.getByTestId('home-receive').click();
  await page.getByTestId('receive-token').click();
  await page.getByTestId('swap-token-search').fill(search);
  await page.locator(`[data-testid="swap-token-option"][data-asset-id="${assetId}"]`).click();
}

test('a bridge deposit address nobody can hold, or of another kind, is refused before Receive shows it', async ({
  sim,
}) => {
  test.setTimeout(90_000);
  /** What the proxy answers instead of the bridge's address, per bridge chain name; none: passed through. */
  const replace = new Map<string, string>();
  const proxy = await startTamperingProxy(sim.url, (path, json) => {
    const result = json.result as Json | undefined;
    if (path !== '/bridge-rpc' || typeof result?.chain !== 'string' || typeof result.address !== 'string') return;
    const instead = replace.get(result.chain);
    if (instead) result.address = instead;
  });
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await page.setViewportSize({ width: 360, height: 600 });
    await pointAtSimulator(page, extension, sim);
    await walletCall(page, WALLET.create, { password: 'correct horse battery', source: { kind: 'generate' } });
    // Custom endpoints: the bridge is the swap service's origin's /bridge-rpc, here the proxy's.
    await walletCall(page, WALLET.setSettings, { endpoints: { swap: proxy.url } });
    await page.reload();
    await recordDom(page);

    // Control: the same proxy passing the bridge's answer through shows the simulator's address.
    await receive(page, 'btc', BTC);
    await expect(page.getByTestId('receive-address')).toHaveText(/^(bc1q|[13])/, { timeout: 20_000 });

    for (const [chain, search, assetId, bad] of [
      ['btc:mainnet', 'btc', BTC, SEGWIT_V2],
      ['btc:mainnet', 'btc', BTC, SEGWIT_V1_SHORT],
      ['cardano:mainnet', 'cardano', ADA, CARDANO_BENT],
    ] as const) {
      replace.clear();
      replace.set(chain, bad);
      await receive(page, search, assetId);
      await expect(page.getByTestId('receive-address-error'), bad).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('receive-address')).toHaveCount(0);
      expect(await domEverHeld(page, bad), `${bad} was never rendered`).toBe(false);
    }
    const asked = proxy.originals().filter((o) => o.path === '/bridge-rpc');
    expect(asked.length, 'every case reached the bridge through the proxy').toBeGreaterThanOrEqual(4);
  } finally {
    await close();
    await proxy.close();
  }
});

test('the background saves no contact at an address nobody can hold, whatever the popup sends', async ({ sim }) => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await pointAtSimulator(page, extension, sim);
    await walletCall(page, WALLET.create, { password: 'correct horse battery', source: { kind: 'generate' } });
    const unholdable = [
      ['btc', SEGWIT_V2],
      ['btc', SEGWIT_V1_SHORT],
      ['cardano', CARDANO_BENT],
      // A pointer address (CIP-19's vector): not a kind the routes are known to pay.
      ['cardano', 'addr1gx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer5pnz75xxcrzqf96k'],
      // x = 9: on Edwards BLS12-377, outside its prime-order subgroup, so no Aleo account.
      ['aleo', 'aleo1pyqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq9qdtxu'],
      // The Stark field's modulus: past Starknet's address bound.
      ['starknet', '0x0800000000000011000000000000000000000000000000000000000000000001'],
      // An Aptos address with digits cut off: zero-padding would make it another account.
      ['aptos', `0x${'ab'.repeat(29)}`],
    ] as const;
    for (const [chain, address] of unholdable)
      await expect(
        walletCall(page, CONTACTS.save, { name: 'Mallory', chain, address, memo: '' }),
        `${chain} ${address}`,
      ).rejects.toThrow(/not a .* address/);
    // Control: a real address on the same path is kept.
    await walletCall(page, CONTACTS.save, {
      name: 'Carol',
      chain: 'aleo',
      address: 'aleo1rhgdu77hgyqd3xjj8ucu3jj9r2krwz6mnzyd80gncr5fxcwlh5rsvzp9px',
      memo: '',
    });
    const { contacts } = await walletCall<{ contacts: { name: string }[] }>(page, CONTACTS.list);
    expect(contacts.map((c) => c.name)).toEqual(['Carol']);
  } finally {
    await close();
  }
});

test('a token list that moves a bridge token to another chain: Receive asks the bridge for no address and says why', async ({
  sim,
}) => {
  const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
  const proxy = await startTamperingProxy(sim.url, (path, json) => {
    if (path.split('?')[0] !== '/v0/tokens' || !Array.isArray(json)) return;
    for (const token of json as Json[]) if (token.assetId === USDC_ETH) token.blockchain = 'base';
  });
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await pointAtSimulator(page, extension, sim);
    await walletCall(page, WALLET.create, { password: 'correct horse battery', source: { kind: 'generate' } });
    await walletCall(page, WALLET.setSettings, { endpoints: { swap: proxy.url } });
    await page.reload();
    await receive(page, 'usdc', USDC_ETH);
    await page.getByTestId('receive-continue').click();
    await expect(page.getByTestId('receive-once-form')).toContainText(/token’s own id names eth/, { timeout: 20_000 });
    await expect(page.getByTestId('receive-address')).toHaveCount(0);
    expect(proxy.originals().filter((o) => o.path === '/bridge-rpc')).toEqual([]);
  } finally {
    await close();
    await proxy.close();
  }
});
