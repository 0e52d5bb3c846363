/**
 * Whether publishing can work before anything is signed: the message bus of Mainnet and of the simulator
 * answers every call without an API key with HTTP 401 (docs/services.md, "Credentials and auth headers"),
 * so on those networks a missing key is said before Confirm is offered, with the setting to fill in. A
 * custom network's bus may take no key: there a refusal comes as the bus's answer (../serviceFailure.ts).
 */
import type { SettingsView } from '../../api/walletApi';
import { type Phrase, phrase } from '../../core/phrase';

/** What publishing lacks: `message` for a dApp and the logs (English), `words` for the person. */
export interface BusKeyGap {
  message: string;
  words: Phrase;
}

/** What the person must add before publishing, or null when nothing is missing. */
export function busKeyMissing(view: Pick<SettingsView, 'hasBusApiKey' | 'network'>): BusKeyGap | null {
  if (view.hasBusApiKey || view.network.id === 'custom') return null;
  return {
    message: `Publishing goes through the message bus, which on ${view.network.label} needs an API key: add the message-bus API key (busApiKey) in Settings → Advanced → Network.`,
    words: phrase('busKey_missing', view.network.label, phrase('advanced_busKey')),
  };
}
