// Settings sections that stand alone: a credential (JWT, bus key), the auto-lock minutes, the password.
import { useState } from 'preact/hooks';
import type { SettingsChange } from '../../api/walletApi';
import { focusFirstInvalidSoon } from '../focus';
import { t } from '../i18n';
import { numberStyle } from '../numbers';
import { useAction } from '../useAction';
import { AUTO_LOCK_MAX, AUTO_LOCK_MIN, autoLockProblem, newPasswordProblem } from '../validate';
import { wallet } from '../wallet';
import { TextField } from './Field';
import { FormFooter } from './FormFooter';
import { PasswordPair } from './PasswordPair';

export type Apply = (change: SettingsChange) => Promise<void>;

interface CredentialProps {
  name: string;
  what: 'jwt' | 'busApiKey';
  isSet: boolean;
  /** Entered while locked: held in memory until the next unlock seals it. */
  waiting: boolean;
  note: string;
  apply: Apply;
}

/** A credential the background keeps: the page only learns whether it is set, never its value. */
export function Credential({ name, what, isSet, waiting, note, apply }: CredentialProps) {
  const [value, setValue] = useState('');
  const [saved, setSaved] = useState('');
  const action = useAction();
  const testid = what === 'jwt' ? 'settings-jwt' : 'settings-bus-key';
  const headingId = `${testid}-heading`;

  const save = (e: Event) => {
    e.preventDefault();
    if (!value.trim()) return action.setError(t('settings_pasteFirst', name));
    void action.run(async () => {
      await apply(what === 'jwt' ? { jwt: value.trim() } : { busApiKey: value.trim() });
      setValue('');
      setSaved(t('settings_credentialSaved', name));
    });
  };
  const clear = () =>
    void action.run(async () => {
      await apply(what === 'jwt' ? { jwt: null } : { busApiKey: null });
      setSaved(t('settings_credentialRemoved', name));
    });

  return (
    <section class="group" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {name}
        {t('settings_colon')}{' '}
        <span data-testid={`${testid}-state`}>
          {isSet ? t('settings_credentialSet') : t('settings_credentialNotSet')}
        </span>
      </h3>
      {waiting && (
        <p class="hint" data-testid={`${testid}-waiting`}>
          {t('settings_credentialWaiting')}
        </p>
      )}
      <form onSubmit={save}>
        <TextField
          label={isSet ? t('settings_credentialReplace', name) : name}
          type="password"
          verbatim
          value={value}
          onValue={setValue}
          testid={testid}
          hint={note}
        />
        <FormFooter
          busy={action.busy}
          label={t('settings_save')}
          submitTestid={`${testid}-save`}
          error={action.error}
          status={saved}
        >
          {isSet && (
            <button type="button" disabled={action.busy} onClick={clear} data-testid={`${testid}-clear`}>
              {t('settings_remove')}
            </button>
          )}
        </FormFooter>
      </form>
    </section>
  );
}

export function AutoLock({ minutes, apply }: { minutes: number; apply: Apply }) {
  const [value, setValue] = useState(String(minutes));
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState('');
  const action = useAction();
  const problem = autoLockProblem(value);
  const save = (e: Event) => {
    e.preventDefault();
    setTried(true);
    setSaved('');
    if (problem) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    void action.run(async () => {
      await apply({ autoLockMinutes: Number(value.trim()) });
      setSaved(t('settings_autoLockSaved'));
    });
  };
  return (
    <section class="group" aria-labelledby="settings-autolock-heading">
      <h3 id="settings-autolock-heading">{t('settings_autoLock')}</h3>
      <form onSubmit={save} noValidate>
        <TextField
          label={t('settings_autoLockLabel')}
          type="number"
          min={AUTO_LOCK_MIN}
          max={AUTO_LOCK_MAX}
          value={value}
          onValue={setValue}
          testid="settings-autolock"
          hint={t(
            'settings_autoLockRange',
            numberStyle().whole(String(AUTO_LOCK_MIN)),
            numberStyle().whole(String(AUTO_LOCK_MAX)),
          )}
          error={tried ? problem : null}
        />
        <FormFooter
          busy={action.busy}
          label={t('settings_save')}
          submitTestid="settings-autolock-save"
          error={action.error}
          status={saved}
        />
      </form>
    </section>
  );
}

export function ChangePassword() {
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState('');
  const action = useAction();
  const save = (e: Event) => {
    e.preventDefault();
    setTried(true);
    setSaved('');
    if (!oldPassword || newPasswordProblem(password, confirm))
      return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    void action.run(async () => {
      await wallet.changePassword(oldPassword, password);
      setOldPassword('');
      setPassword('');
      setConfirm('');
      setTried(false);
      setSaved(t('settings_passwordChanged'));
    });
  };
  return (
    <section class="group" aria-labelledby="settings-password-heading">
      <h3 id="settings-password-heading">{t('settings_changePassword')}</h3>
      <form onSubmit={save} noValidate>
        <TextField
          label={t('settings_currentPassword')}
          type="password"
          value={oldPassword}
          onValue={setOldPassword}
          autoComplete="current-password"
          testid="settings-old-password"
          error={tried && !oldPassword ? t('settings_enterCurrentPassword') : null}
        />
        <PasswordPair
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          showErrors={tried}
          labels={{ password: t('settings_newPassword'), confirm: t('settings_confirmNewPassword') }}
          testids={{ password: 'settings-new-password', confirm: 'settings-new-password-confirm' }}
        />
        <FormFooter
          busy={action.busy}
          label={t('settings_changePassword')}
          submitTestid="settings-password-save"
          error={action.error}
          errorTestid="settings-password-error"
          status={saved}
          statusTestid="settings-password-status"
        />
      </form>
    </section>
  );
}
