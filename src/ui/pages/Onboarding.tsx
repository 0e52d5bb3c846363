// First run: choose how the wallet gets its first key, set the password, create the vault.
import { useState } from 'preact/hooks';
import type { PasskeySource } from '../../api/passkeys';
import type { CreateResult, KeySource } from '../../api/walletApi';
import { TextField } from '../components/Field';
import { FormFooter } from '../components/FormFooter';
import { PasswordPair } from '../components/PasswordPair';
import { Screen } from '../components/Screen';
import { focusFirstInvalidSoon } from '../focus';
import { t } from '../i18n';
import { useAction } from '../useAction';
import { newPasswordProblem, phraseProblem, phraseWords, secretKeyProblem } from '../validate';
import { wallet } from '../wallet';

type Way = 'newPhrase' | 'importPhrase' | 'importKey' | 'generate' | 'passkey';
type WayKey = 'create' | 'importPhrase' | 'importKey' | 'quickKey' | 'passkey';

/** Each way's words: `onboard_<key>Title` and `onboard_<key>Text`. */
const WAYS: { way: Way; key: WayKey; testid: string }[] = [
  { way: 'newPhrase', key: 'create', testid: 'onboarding-create' },
  { way: 'importPhrase', key: 'importPhrase', testid: 'onboarding-import-phrase' },
  { way: 'importKey', key: 'importKey', testid: 'onboarding-import-key' },
  { way: 'generate', key: 'quickKey', testid: 'onboarding-quick-key' },
  { way: 'passkey', key: 'passkey', testid: 'onboarding-passkey' },
];

/** `start`: the way to open on (after "Forgot password?" erased the wallet: the restore from the phrase). */
export function Onboarding({ onCreated, start }: { onCreated(result: CreateResult): void; start?: Way | undefined }) {
  const [way, setWay] = useState<Way | null>(start ?? null);
  if (!way) {
    return (
      <Screen title={t('onboard_title')} testid="onboarding">
        <ul class="ways">
          {WAYS.map((w) => (
            <li key={w.way}>
              <button
                type="button"
                class="way"
                onClick={() => setWay(w.way)}
                data-testid={w.testid}
                data-autofocus={w.way === 'newPhrase' ? '' : undefined}
              >
                <strong>{t(`onboard_${w.key}Title`)}</strong>
                <span>{t(`onboard_${w.key}Text`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </Screen>
    );
  }
  return <CreateForm way={way} onBack={() => setWay(null)} onCreated={onCreated} />;
}

function CreateForm({ way, onBack, onCreated }: { way: Way; onBack(): void; onCreated(result: CreateResult): void }) {
  const [phrase, setPhrase] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tried, setTried] = useState(false);
  const action = useAction();
  const key = WAYS.find((w) => w.way === way)?.key;
  const title = key ? t(`onboard_${key}Title`) : '';

  const sourceProblem =
    way === 'importPhrase' ? phraseProblem(phrase) : way === 'importKey' ? secretKeyProblem(secretKey) : null;
  const passwordProblem = newPasswordProblem(password, confirm);

  const source = async (): Promise<KeySource | PasskeySource> => {
    switch (way) {
      case 'passkey': {
        // Loaded when asked: a static import from the popup's first screen split the page's shared modules
        // into chunks of their own (test/e2e/first-screen.spec.ts: one script before the first screen).
        const { createPasskey, passkeyName } = await import('../passkey');
        const { network } = await wallet.getSettings();
        return {
          kind: 'passkey',
          registration: await createPasskey(passkeyName(t('onboard_newPasskeyAccount'), network.id)),
        };
      }
      case 'newPhrase':
        return { kind: 'newPhrase', words: 12 };
      case 'importPhrase':
        return { kind: 'importPhrase', phrase: phraseWords(phrase).join(' ') };
      case 'importKey':
        return { kind: 'importKey', secretKey: secretKey.trim() };
      case 'generate':
        return { kind: 'generate' };
    }
  };

  const submit = (e: Event) => {
    e.preventDefault();
    setTried(true);
    if (sourceProblem || passwordProblem) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    void action.run(async () => onCreated(await wallet.create({ password, source: await source() })));
  };

  return (
    <Screen title={title} testid="onboarding-form">
      <form onSubmit={submit} noValidate>
        {way === 'importPhrase' && (
          <TextField
            label={t('onboard_phraseLabel')}
            multiline
            verbatim
            value={phrase}
            onValue={setPhrase}
            testid="import-phrase"
            hint={t('onboard_phraseHint')}
            error={tried ? sourceProblem : null}
          />
        )}
        {way === 'importKey' && (
          <TextField
            label={t('onboard_secretKey')}
            type="password"
            verbatim
            value={secretKey}
            onValue={setSecretKey}
            testid="import-secret-key"
            hint={t('onboard_secretKeyHint')}
            error={tried ? sourceProblem : null}
          />
        )}
        <PasswordPair
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          showErrors={tried}
        />
        <FormFooter
          busy={action.busy}
          label={t('onboard_create')}
          busyLabel={t('onboard_creating')}
          submitTestid="create-submit"
          error={action.error}
          errorTestid="create-error"
        >
          <button type="button" onClick={onBack} disabled={action.busy} data-testid="onboarding-back">
            {t('onboard_back')}
          </button>
        </FormFooter>
      </form>
    </Screen>
  );
}
