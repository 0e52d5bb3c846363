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
    <Screen title="Settings" testid="settings" focusHeading>
      <section class="group" aria-labelledby="settings-backup-heading" data-testid="settings-backup">
        <h3 id="settings-backup-heading">Security and backup</h3>
        {toBackUp !== undefined ? (
          <>
            <p data-testid="settings-backup-state">Your recovery phrase is not backed up yet.</p>
            <div class="actions">
              <button
                type="button"
                class="primary"
                onClick={() => onBackup(toBackUp)}
                data-testid="settings-backup-start"
              >
                Back up now
              </button>
            </div>
          </>
        ) : (
          <p data-testid="settings-backup-state">No recovery phrase is waiting to be backed up.</p>
        )}
        <RecoveryPhraseReveal phraseId={status.recovery.phraseId} />
        <p class="hint">
          Without a backup, a lost password or device loses the wallet. An account’s key can be exported from its keys.{' '}
          <button type="button" class="link" onClick={onKeys} data-testid="settings-backup-keys">
            Open the keys
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
          ? `Locks at ${describeLockAt(status.lockAt, Date.now(), clockTime)}; auto-lock after ${status.autoLockMinutes} min idle.`
          : `Auto-lock after ${status.autoLockMinutes} min idle.`}
      </p>
      <ChangePassword />
      <section class="group" aria-labelledby="settings-sites-heading">
        <h3 id="settings-sites-heading">Connected sites</h3>
        <p>Sites you connected see the accounts you shared with them and ask you before anything is signed.</p>
        <div class="actions">
          <button type="button" onClick={onSites} data-testid="settings-open-sites">
            See connected sites
          </button>
        </div>
      </section>
      <section class="group" aria-labelledby="settings-currency-heading">
        <h3 id="settings-currency-heading">Currency</h3>
        {/* A fact, not a choice: the services price tokens in US dollars only (docs/services.md). */}
        <p data-testid="settings-currency">Values are shown in US dollars (USD).</p>
      </section>
      <ToolbarChoice />
      <About />
    </Screen>
  );
}

/** The version is the manifest's, so it is the one the browser installed. */
function About() {
  const manifest = browser.runtime.getManifest();
  return (
    <section class="group" aria-labelledby="settings-about-heading" data-testid="settings-about">
      <h3 id="settings-about-heading">About</h3>
      <p>
        {manifest.name}, version <span data-testid="settings-version">{manifest.version}</span>.
      </p>
      {manifest.homepage_url ? (
        <p>
          <a href={manifest.homepage_url} target="_blank" rel="noreferrer" data-testid="settings-homepage">
            Source code and documentation
          </a>
        </p>
      ) : (
        <p class="hint">Its source code comes with its documentation: README.md and the docs folder.</p>
      )}
    </section>
  );
}
