/**
 * The ledger RPC and the message bus as the settings name them now: a client is made for each use, so a
 * change of network or endpoints takes effect at once. The ledger RPC host that answered last is
 * remembered (asked first next time; shown in Settings). What a page asked for goes through `pageBus`:
 * one credentialed request per call.
 */
import type { SettingsView } from '../api/walletApi';
import { LedgerRpcClient, MessageBusClient } from '../bus';
import type { HttpDeps } from '../core';
import type { SettingsStore } from './wallet/settings';

export class NetworkClients {
  /** The ledger RPC host that answered last. */
  private readonly ledgerHost: { active?: string } = {};

  constructor(
    private readonly settings: SettingsStore,
    private readonly http: HttpDeps,
  ) {}

  readonly ledger = async (): Promise<LedgerRpcClient> => {
    const s = await this.settings.plain();
    return new LedgerRpcClient({
      url: s.endpoints.ledgerRpc,
      fallbacks: s.ledgerRpcFallbacks ?? [],
      memory: this.ledgerHost,
      verifierId: s.verifierId,
      deps: { ...this.http, service: 'ledger' },
    });
  };

  /** The bus for the wallet's own calls: retried on 429, 5xx and timeouts (core/http.ts). */
  readonly bus = (): Promise<MessageBusClient> => this.busWith({ ...this.http, service: 'bus' });

  /**
   * The bus for what a page asked (a status, a publish it asked for): one attempt, never retried. The
   * request carries the user's API key, so retries would let one rate-limited page call spend it
   * several times (docs/security.md, "Pages get nothing for free"); the page may ask again, within
   * its own budget.
   */
  readonly pageBus = (): Promise<MessageBusClient> =>
    this.busWith({ ...this.http, service: 'bus', policy: { ...this.http.policy, retries: 0 } });

  private async busWith(deps: HttpDeps): Promise<MessageBusClient> {
    const s = await this.settings.get();
    return new MessageBusClient({ url: s.endpoints.bus, apiKey: s.busApiKey ?? undefined, deps });
  }

  /** The settings as the popup sees them, with the ledger RPC host that answered last. */
  withActiveHost(view: SettingsView): SettingsView {
    return { ...view, ledgerRpcActive: this.ledgerHost.active ?? null };
  }
}
