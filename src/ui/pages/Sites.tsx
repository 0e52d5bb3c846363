// Connected sites: which web origins may see which accounts (docs/architecture.md, "Provider API"), with
// revoke. Grants are per network (docs/security.md, "Networks"): this lists the network the wallet is on.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { AccountView, ConnectedSite } from '../../api/walletApi';
import { ErrorAlert, StatusLine } from '../components/Notice';
import { Screen } from '../components/Screen';
import { shortAccount } from '../format';
import { t } from '../i18n';
import { useAction } from '../useAction';
import { messageOf, wallet } from '../wallet';

export function Sites({ accounts }: { accounts: AccountView[] }) {
  const [sites, setSites] = useState<ConnectedSite[] | null>(null);
  const [network, setNetwork] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const action = useAction();
  const load = useCallback(async () => {
    try {
      const [listed, settings] = await Promise.all([wallet.listSites(), wallet.getSettings()]);
      setSites(listed);
      setNetwork(settings.network.label);
      setLoadError(null);
    } catch (err) {
      setLoadError(messageOf(err));
    }
  }, []);
  useEffect(() => void load(), [load]);
  const label = (id: string) => accounts.find((a) => a.accountId === id)?.label ?? shortAccount(id);

  return (
    <Screen title={t('sites_title')} testid="sites" ready={sites !== null || loadError !== null}>
      <ErrorAlert message={loadError ?? action.error} testid="sites-error" />
      {network && (
        <p class="hint" data-testid="sites-network">
          {t('sites_network', network)}
        </p>
      )}
      {sites && sites.length === 0 && <StatusLine testid="sites-empty">{t('sites_none')}</StatusLine>}
      <ul class="rows">
        {(sites ?? []).map((site) => (
          <li key={site.origin} class="row" data-testid="site-row" data-origin={site.origin}>
            <div class="row-main">
              <span class="mono">{site.origin}</span>
              <span class="hint">{t('sites_sees', site.accounts.map(label).join(t('sites_listSeparator')))}</span>
            </div>
            <div class="row-actions">
              <button
                type="button"
                disabled={action.busy}
                aria-label={t('sites_disconnectSite', site.origin)}
                data-testid="site-revoke"
                onClick={() => void action.run(async () => setSites(await wallet.revokeSite(site.origin)))}
              >
                {t('sites_disconnect')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
