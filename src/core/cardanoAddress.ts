/**
 * Cardano's Shelley addresses (CIP-19, https://cips.cardano.org/cip/CIP-0019): `addr1…` on the main network,
 * bech32 of a header byte and credentials. Read by ./chainAddress.ts, the one rule for addresses per chain.
 */
import { bech32Decode, wordsToBytes } from './bech32';

/** A mainnet Shelley address's bytes (`addr1…`, bech32, longer than bech32's 90 characters), or undefined. */
function cardanoBytes(text: string): Uint8Array | undefined {
  if (!/^addr1[02-9ac-hj-np-z]+$/.test(text)) return undefined;
  const decoded = bech32Decode('bech32', text, false);
  return decoded && wordsToBytes(decoded.words);
}

/**
 * CIP-19 (https://cips.cardano.org/cip/CIP-0019): the header byte's high nibble is the address type, its
 * low nibble the network (1: mainnet). The wallet sends to base addresses (types 0–3: header, payment and
 * stake credentials of 28 bytes each) and enterprise addresses (6–7: header and payment credential).
 * Pointer addresses (4–5), deprecated since the Conway era, and reward addresses (14–15, `stake1…`) are
 * not payment addresses the bridge is known to pay.
 */
const CARDANO_SIZES: Readonly<Record<number, number>> = { 0: 57, 1: 57, 2: 57, 3: 57, 6: 29, 7: 29 };
const CARDANO_MAINNET = 1;

function cardanoHeaderProblem(bytes: Uint8Array): 'kind' | 'network' | null {
  const header = bytes[0];
  if (header === undefined || CARDANO_SIZES[header >> 4] !== bytes.length) return 'kind';
  return (header & 0x0f) === CARDANO_MAINNET ? null : 'network';
}

/**
 * Why an `addr1…` address whose checksum holds cannot be taken: 'kind' for a type the wallet does not
 * send to (pointer, reward, or a header that contradicts the length), 'network' for a header of another
 * network; the popup says so instead of blaming the checksum. Null otherwise.
 */
export function cardanoRefusal(text: string): 'kind' | 'network' | null {
  const bytes = cardanoBytes(text);
  return bytes === undefined ? null : cardanoHeaderProblem(bytes);
}

/** A mainnet base or enterprise address whose header matches its length. */
export function isCardanoAddress(text: string): boolean {
  const bytes = cardanoBytes(text);
  return bytes !== undefined && cardanoHeaderProblem(bytes) === null;
}
