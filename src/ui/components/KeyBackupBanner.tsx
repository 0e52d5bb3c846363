// The backup reminder for keys no recovery phrase covers: a Quick-key wallet's key, an imported key, a
// random key. It stays until the key's secret was exported once (src/background/wallet/recovery.ts); the
// export is the existing password-gated dialog. The phrase's own reminder comes first (./../pages/Main.tsx).
import { useState } from 'preact/hooks';
import type { WalletStatus } from '../../api/walletApi';
import { keyReminder } from '../backup';
import { t } from '../i18n';
import { lazy } from '../lazy';
import { numberStyle } from '../numbers';

// Loaded when asked: Home is a first screen, carried by the popup's one script (test/e2e/first-screen.spec.ts).
const ExportKeyDialog = lazy(() => import('./ExportKeyDialog').then((m) => m.ExportKeyDialog));

export function KeyBackupBanner({ status, onChanged }: { status: WalletStatus; onChanged(): Promise<void> }) {
  const [exporting, setExporting] = useState<string | null>(null);
  const due = keyReminder(status);
  if (!due && exporting === null) return null;
  return (
    <>
      {due && (
        <div class="banner" role="status" data-testid="key-backup-banner">
          <span>
            {/* Short, as the phrase's reminder: it sits above every screen of the tab, and the export dialog
                says the rest (keep it offline; without it a lost password or device loses the account). */}
            {due.count === 1
              ? t('keyBackup_one', due.account.label)
              : t('keyBackup_many', numberStyle().whole(String(due.count)))}
          </span>
          <button
            type="button"
            class="primary"
            onClick={() => setExporting(due.publicKey)}
            data-testid="key-backup-start"
          >
            {t('backup_now')}
          </button>
        </div>
      )}
      {exporting !== null && (
        <ExportKeyDialog
          publicKey={exporting}
          onClose={() => {
            setExporting(null);
            void onChanged();
          }}
        />
      )}
    </>
  );
}
