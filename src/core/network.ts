/**
 * Which network a verifier account stands for (docs/security.md, "Networks"). The verifying contract is
 * inside every signed payload, so it is what keeps a signature made on one network from executing on
 * another: Mainnet's verifier is `intents.near`, and the simulator's is an account Mainnet cannot have
 * (under the top-level name `sim`, which Mainnet's registrar never created), so nothing signed on the
 * simulator is valid on Mainnet. Any other verifier is a custom network.
 */
import { sameAccount } from './account';
import { type Phrase, phrase } from './phrase';
export const MAINNET_VERIFIER = 'intents.near';
export const SIM_VERIFIER = 'intents.sim';

export type NetworkId = 'mainnet' | 'local' | 'custom';

export const NETWORK_NAME: Record<NetworkId, string> = { mainnet: 'Mainnet', local: 'Local', custom: 'Custom' };

/** The network of a verifier account, compared as NEAR compares account ids (lower case, no spaces). */
export function networkOfVerifier(verifierId: string): NetworkId {
  const id = verifierId.trim().toLowerCase();
  if (id === MAINNET_VERIFIER) return 'mainnet';
  if (id === SIM_VERIFIER) return 'local';
  return 'custom';
}

/** "Mainnet (intents.near)": how a refusal names the network of a verifier. */
export const networkText = (verifierId: string): string =>
  `${NETWORK_NAME[networkOfVerifier(verifierId)]} (${verifierId})`;

const NETWORK_WORDS: Record<NetworkId, Phrase> = {
  mainnet: phrase('net_mainnet'),
  local: phrase('net_local'),
  custom: phrase('net_custom'),
};

/** The network of a verifier in the person's words ("Mainnet"), for a refusal's phrase. */
export const networkWords = (verifierId: string): Phrase => NETWORK_WORDS[networkOfVerifier(verifierId)];

/**
 * A recipient that is a verifier: the configured one, or Mainnet's or the simulator's on any network (a
 * message for `intents.near` signed on Local would be a Mainnet intent; docs/security.md, "Networks").
 */
export const isVerifierRecipient = (recipient: string, verifierId: string): boolean =>
  [verifierId, MAINNET_VERIFIER, SIM_VERIFIER].some((v) => sameAccount(recipient, v));
