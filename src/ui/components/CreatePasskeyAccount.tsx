// "Create a passkey account" (Accounts): the authenticator makes an ES256 passkey for this extension and
// the wallet adds its implicit account (docs/security.md, "Passkey accounts").
import { t } from '../i18n';
import { numberStyle } from '../numbers';
import { createPasskey, passkeyName } from '../passkey';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { ErrorAlert } from './Notice';

export function CreatePasskeyAccount({ count, onChanged }: { count: number; onChanged(): Promise<void> }) {
  const action = useAction();
  const create = () =>
    void action.run(async () => {
      const label = t('accounts_passkeyLabel', numberStyle().whole(String(count + 1)));
      const { network } = await wallet.getSettings();
      const registration = await createPasskey(passkeyName(label, network.id));
      await wallet.addAccount({ source: { kind: 'passkey', registration }, label });
      await onChanged();
    });
  return (
    <>
      <button type="button" onClick={create} disabled={action.busy} data-testid="account-add-passkey">
        {action.busy ? t('accounts_waitingPasskey') : t('accounts_createPasskey')}
      </button>
      <ErrorAlert message={action.error} testid="passkey-create-error" />
    </>
  );
}
