/**
 * The one place that decides which network the wallet is on (docs/security.md, "Networks"): the
 * verifier, never the endpoints. `intents.near` is Mainnet (through custom endpoints it is "Mainnet
 * (custom endpoints)", still Mainnet), the simulator's verifier is Local, anything else Custom. The
 * popup's badge, Settings, the approval window and the signer all ask this.
 */

import type { Endpoints, NetworkPreset, NetworkView } from '../../api/walletApi';
import { type NetworkId, networkOfVerifier } from '../../core';
import { t } from '../i18n';
import { localPortOf, PRESETS } from './presets';

/** A network's name in the person's language ("Mainnet", "Local", "Custom"). */
const nameOf = (id: NetworkId): string =>
  id === 'mainnet' ? t('net_mainnet') : id === 'local' ? t('net_local') : t('net_custom');

export function networkOf(s: { preset: NetworkPreset | 'custom'; verifierId: string }): NetworkView {
  const id = networkOfVerifier(s.verifierId);
  const custom = s.preset === 'custom' && id !== 'custom';
  return { id, label: custom ? t('net_customEndpoints', nameOf(id)) : nameOf(id), verifierId: s.verifierId };
}

/**
 * Settings as stored, read as they must be now (storage is checked, never believed: docs/security.md,
 * "Storage no page can write"). The Local preset used to sign for `intents.near`, which is Mainnet's
 * verifier: such settings move to the simulator's verifier (they can no longer sign anything Mainnet
 * would execute). A preset whose verifier was edited is no longer that preset: it reads as custom, named
 * by its verifier. So does a Local preset whose endpoints are not the simulator's layout on 127.0.0.1.
 * Otherwise a preset's hosts are the preset's own, whatever is stored beside its name: Mainnet's endpoints
 * and ledger fallbacks are PRESETS.mainnet's (an older version's list is brought up to date, a list written
 * by anyone else never used), and Local has no fallback host. An edit of any of them makes the settings custom.
 */
export function withNetworkRules<
  S extends {
    preset: NetworkPreset | 'custom';
    verifierId: string;
    endpoints: Endpoints;
    ledgerRpcFallbacks?: string[] | undefined;
  },
>(s: S): S {
  if (s.preset === 'custom') return s;
  if (s.preset === 'local' && localPortOf(s.endpoints) === null) return { ...s, preset: 'custom' };
  if (s.preset === 'local' && networkOfVerifier(s.verifierId) === 'mainnet')
    return { ...s, verifierId: PRESETS.local.verifierId, ledgerRpcFallbacks: [] };
  if (s.verifierId !== PRESETS[s.preset].verifierId) return { ...s, preset: 'custom' };
  if (s.preset === 'local') return { ...s, ledgerRpcFallbacks: [] };
  return {
    ...s,
    endpoints: { ...PRESETS.mainnet.endpoints },
    ledgerRpcFallbacks: [...PRESETS.mainnet.ledgerRpcFallbacks],
  };
}

/** The network a payload signs for: its verifier's (named bare when it is not the network the wallet is on now). */
export function networkOfPayload(current: NetworkView, verifierId: string): NetworkView {
  if (verifierId === current.verifierId) return current;
  const id = networkOfVerifier(verifierId);
  return { id, label: nameOf(id), verifierId };
}
