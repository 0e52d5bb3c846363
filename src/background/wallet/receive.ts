/**
 * Receive as an address (docs/services.md, "Home: balances, receive, send, withdraw"): the reusable PoA bridge deposit address of an
 * intents account for a token's chain, and the deposits the bridge has seen there. Nothing is stored: the
 * bridge gives the same address every time, and an address nobody paid leaves no trace in Activity.
 */

import type { ReceiveAddress, ReceiveDeposit } from '../../api/receive';
import type { TokenView } from '../../api/swapApi';
import { BridgeClient } from '../../bus';
import { amountOf, formatUnits, type HttpDeps, isU128String, phrase, type Sub, visibleText } from '../../core';
import { poaChainOf } from '../../core/poaBridge';
import { ERROR_CODES } from '../../provider/protocol';
import { ProviderError } from '../providerError';
import { bridgeUrlOf } from './presets';
import type { SettingsStore } from './settings';

export interface ReceiveDeps {
  settings: Pick<SettingsStore, 'plain'>;
  http: HttpDeps;
  tokenViews: () => Promise<TokenView[]>;
}

export class ReceiveService {
  constructor(private readonly d: ReceiveDeps) {}

  private async target(assetId: string): Promise<{ token: TokenView; chain: string; client: BridgeClient }> {
    const token = (await this.d.tokenViews()).find((t) => t.assetId === assetId);
    if (!token) throw new ProviderError(ERROR_CODES.invalidParams, 'This token is not in the token list');
    const chain = poaChainOf(token);
    if (!chain) throw new ProviderError(ERROR_CODES.invalidParams, 'This token has no reusable deposit address');
    const client = new BridgeClient({ url: bridgeUrlOf(await this.d.settings.plain()), deps: this.d.http });
    return { token, chain, client };
  }

  async address(accountId: string, assetId: string): Promise<ReceiveAddress> {
    const { token, chain, client } = await this.target(assetId);
    return { assetId, blockchain: token.blockchain, address: await client.depositAddress(accountId, chain) };
  }

  async deposits(accountId: string, assetId: string): Promise<ReceiveDeposit[]> {
    const { token, chain, client } = await this.target(assetId);
    const address = await client.depositAddress(accountId, chain);
    const all = await this.d.tokenViews();
    return (await client.recentDeposits(accountId, chain, address)).map((d) => {
      const what = d.asset.slice(chain.length + 1).toLowerCase();
      const named = all.find(
        (t) =>
          t.blockchain === token.blockchain &&
          poaChainOf(t) === chain &&
          (t.contractAddress ?? 'native').toLowerCase() === what,
      );
      return { txHash: d.txHash, amount: depositAmount(d, named), status: d.status };
    });
  }
}

/**
 * A deposit's amount in words: with the decimals of the token the wallet confirmed (docs/security.md,
 * "Token facts"), and only when the bridge says the same decimals; else its units and the bridge's asset
 * id. The bridge's own decimals word nothing alone.
 */
function depositAmount(d: { amount: string; decimals: number; asset: string }, named: TokenView | undefined): Sub {
  if (!isU128String(d.amount)) return phrase('swapTrack_notAmount', visibleText(d.amount));
  if (named?.decimals != null && named.decimals === d.decimals)
    return amountOf(formatUnits(BigInt(d.amount), named.decimals), named.symbol);
  return phrase('amount_unitsOf', d.amount, visibleText(d.asset));
}
