/**
 * Token ids of the verifier's multi-token ledger (docs/protocol.md, "Intent types"):
 * `nep141:<ft contract>`, `nep171:<nft contract>:<token id>`, `nep245:<mt contract>:<token id>`.
 * The contract part is split at the first `:` after the standard, so an inner token id may hold `:`.
 */
import { isValidAccountId } from './account';
import { ProtocolError } from './errors';

export type TokenId =
  | { standard: 'nep141'; contractId: string }
  | { standard: 'nep171'; contractId: string; tokenId: string }
  | { standard: 'nep245'; contractId: string; tokenId: string };

export function parseTokenId(text: string): TokenId {
  const colon = text.indexOf(':');
  if (colon === -1) throw new ProtocolError(`token id '${text}' has no standard prefix (nep141:, nep171:, nep245:)`);
  const standard = text.slice(0, colon);
  const rest = text.slice(colon + 1);
  if (standard === 'nep141') {
    if (!isValidAccountId(rest))
      throw new ProtocolError(`token id '${text}': '${rest}' is not a valid contract account id`);
    return { standard, contractId: rest };
  }
  if (standard === 'nep171' || standard === 'nep245') {
    const sep = rest.indexOf(':');
    if (sep === -1) throw new ProtocolError(`token id '${text}' needs '<contract>:<token id>' after '${standard}:'`);
    const contractId = rest.slice(0, sep);
    const tokenId = rest.slice(sep + 1);
    if (!isValidAccountId(contractId)) {
      throw new ProtocolError(`token id '${text}': '${contractId}' is not a valid contract account id`);
    }
    if (tokenId.length === 0) throw new ProtocolError(`token id '${text}' has an empty inner token id`);
    return { standard, contractId, tokenId };
  }
  throw new ProtocolError(`token id '${text}' has unknown standard '${standard}'`);
}

export function formatTokenId(id: TokenId): string {
  return id.standard === 'nep141' ? `nep141:${id.contractId}` : `${id.standard}:${id.contractId}:${id.tokenId}`;
}

export function isValidTokenId(text: string): boolean {
  try {
    parseTokenId(text);
    return true;
  } catch {
    return false;
  }
}
