// Settings → General, where Settings opens: what a person sets or looks up, in plain words (docs/glossary.md):
// security and backup, auto-lock, the password, connected sites, the currency values are shown in, what the
// toolbar button opens, and About. The services, credentials and keys of the protocol are under Advanced
// (./SettingsAdvanced.tsx).
import { browser } from 'wxt/browser';
import type { WalletStatus } from '../../api/walletApi';
import { RecoveryPhraseReveal } from '../components/RecoveryPhraseReveal';
import { Screen } from '../components/Screen';
import { AutoLock, ChangePassword } from '../components/SettingsParts';
import { ToolbarChoice } from '../components/ToolbarChoice';
import { clockTime, describeLockAt } from '../format';
import { t } from '../i18n';
import { numberStyle } from '../numbers';
import { wallet } from '../wallet';

interface GeneralProps {
  status: WalletStatus;
  /** The wallet status changed (auto-lock minutes). */
  onChanged(): Promise<void>;
  /** Starts the backup of a recovery phrase not backed up yet (the popup's backup screens). */
  onBackup(phraseId: string): void;
  /** Opens Settings → Accounts → Keys, where a key is exported. */
  onKeys(): void;
  /** Opens Settings → Sites. */
  onSites(): void;
}

export function GeneralSettings({ status, onChanged, onBackup, onKeys, onSites }: GeneralProps) {
  const toBackUp = status.phrasesToBackUp[0];
  return (
    <Screen title={t('settings_title')} testid="settings" focusHeading>
      <section class="group" aria-labelledby="settings-backup-heading" data-testid="settings-backup">
        <h3 id="settings-backup-heading">{t('settings_securityBackup')}</h3>
        {toBackUp !== undefined ? (
          <>
            <p data-testid="settings-backup-state">{t('settings_phraseNotBackedUp')}</p>
            <div class="actions">
              <button
                type="button"
                class="primary"
                onClick={() => onBackup(toBackUp)}
                data-testid="settings-backup-start"
              >
                {t('backup_now')}
              </button>
            </div>
          </>
        ) : (
          <p data-testid="settings-backup-state">{t('settings_nothingToBackUp')}</p>
        )}
        <RecoveryPhraseReveal phraseId={status.recovery.phraseId} />
        <p class="hint">
          {t('settings_backupHint')}{' '}
          <button type="button" class="link" onClick={onKeys} data-testid="settings-backup-keys">
            {t('settings_openKeys')}
          </button>
        </p>
      </section>
      <AutoLock
        minutes={status.autoLockMinutes}
        apply={async (change) => {
          await wallet.setSettings(change);
          await onChanged();
        }}
      />
      <p class="foot" data-testid="autolock-info">
        {status.lockAt !== null
          ? t(
              'settings_locksAtIdle',
              describeLockAt(status.lockAt, Date.now(), clockTime),
              numberStyle().whole(String(status.autoLockMinutes)),
            )
          : t('settings_idleLock', numberStyle().whole(String(status.autoLockMinutes)))}
      </p>
      <ChangePassword />
      <section class="group" aria-labelledby="settings-sites-heading">
        <h3 id="settings-sites-heading">{t('sites_title')}</h3>
        <p>{t('settings_sitesText')}</p>
        <div class="actions">
          <button type="button" onClick={onSites} data-testid="settings-open-sites">
            {t('settings_seeSites')}
          </button>
        </div>
      </section>
      <section class="group" aria-labelledby="settings-currency-heading">
        <h3 id="settings-currency-heading">{t('settings_currency')}</h3>
        {/* A fact, not a choice: the services price tokens in US dollars only (docs/services.md). */}
        <p data-testid="settings-currency">{t('settings_currencyText')}</p>
      </section>
      <ToolbarChoice />
      <About />
    </Screen>
  );
}

/** The version is the manifest's, so it is the one the browser installed; the name is the catalogue's. */
function About() {
  const manifest = browser.runtime.getManifest();
  return (
    <section class="group" aria-labelledby="settings-about-heading" data-testid="settings-about">
      <h3 id="settings-about-heading">{t('settings_about')}</h3>
      <p data-testid="settings-version" data-version={manifest.version}>
        {t('settings_nameVersion', t('extName'), manifest.version)}
      </p>
      {manifest.homepage_url ? (
        <p>
          <a href={manifest.homepage_url} target="_blank" rel="noreferrer" data-testid="settings-homepage">
            {t('settings_sourceDocs')}
          </a>
        </p>
      ) : (
        <p class="hint">{t('settings_sourceWithDocs')}</p>
      )}
    </section>
  );
}
