/**
 * The deposit address a swap service answers is shown, copied, put in a QR code and paid to, so it is
 * believed only once it is an address of the chain the deposit is made on (docs/security.md, "Addresses
 * someone can hold"): the intents account's ledger for a deposit from the intents account, else the
 * origin token's chain. A service's signature says who wrote it, not that it can be paid: a text with a
 * query in it (`bc1q…?amount=5`) would make the QR ask for more than the quote, and an address nobody can
 * hold would lose the deposit. A chain the wallet has no rule for takes only the characters addresses are
 * written with.
 */
import type { TokenView } from '../../api/swapApi';
import { isAddressOf } from '../../core/chainAddress';
import { chainFacts } from '../../core/chains';
import { phrase } from '../../core/phrase';
import { ERROR_CODES } from '../../provider/protocol';
import { ProviderError } from '../providerError';

const ADDRESS_CHARACTERS = /^[A-Za-z0-9._:-]{1,128}$/;

/** Throws when `address` is not an address the deposit of `request` can be made to. */
export function depositAddressCheck(
  request: { originAsset: string; depositType?: string | undefined },
  address: string,
  tokens: readonly Pick<TokenView, 'assetId' | 'blockchain'>[],
): void {
  const chain =
    request.depositType === 'INTENTS' ? 'home' : tokens.find((t) => t.assetId === request.originAsset)?.blockchain;
  const facts = chain === undefined ? undefined : chainFacts(chain);
  const ok = facts ? isAddressOf(facts.family, address) : ADDRESS_CHARACTERS.test(address);
  if (!ok)
    throw new ProviderError(ERROR_CODES.internal, `The swap service's deposit address is not one it can be paid to`, {
      words: phrase('swap_depositAddressBad', facts?.name ?? chain ?? request.originAsset),
    });
}
