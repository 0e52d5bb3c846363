// First run: choose how the wallet gets its first key, set the password, create the vault.
import { useState } from 'preact/hooks';
import type { PasskeySource } from '../../api/passkeys';
import type { CreateResult, KeySource } from '../../api/walletApi';
import { TextField } from '../components/Field';
import { FormFooter } from '../components/FormFooter';
import { PasswordPair } from '../components/PasswordPair';
import { Screen } from '../components/Screen';
import { focusFirstInvalidSoon } from '../focus';
import { useAction } from '../useAction';
import { newPasswordProblem, phraseProblem, phraseWords, secretKeyProblem } from '../validate';
import { wallet } from '../wallet';

type Way = 'newPhrase' | 'importPhrase' | 'importKey' | 'generate' | 'passkey';

const WAYS: { way: Way; title: string; text: string; testid: string }[] = [
  {
    way: 'newPhrase',
    title: 'Create new wallet',
    text: 'A new 12-word recovery phrase; you write it down next.',
    testid: 'onboarding-create',
  },
  {
    way: 'importPhrase',
    title: 'Import recovery phrase',
    text: 'Restore from 12 or 24 words.',
    testid: 'onboarding-import-phrase',
  },
  {
    way: 'importKey',
    title: 'Import secret key',
    text: 'An ed25519: secret key from another wallet.',
    testid: 'onboarding-import-key',
  },
  {
    way: 'generate',
    title: 'Quick key (no phrase)',
    text: 'One new key, no recovery phrase: export its secret key to back it up.',
    testid: 'onboarding-quick-key',
  },
  {
    way: 'passkey',
    title: 'Passkey account',
    text: 'Signed by your device’s passkey: no phrase to write down. Add a second key later to recover.',
    testid: 'onboarding-passkey',
  },
];

/** `start`: the way to open on (after "Forgot password?" erased the wallet: the restore from the phrase). */
export function Onboarding({ onCreated, start }: { onCreated(result: CreateResult): void; start?: Way | undefined }) {
  const [way, setWay] = useState<Way | null>(start ?? null);
  if (!way) {
    return (
      <Screen title="Set up your wallet" testid="onboarding">
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
                <strong>{w.title}</strong>
                <span>{w.text}</span>
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
  const title = WAYS.find((w) => w.way === way)?.title ?? '';

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
        return { kind: 'passkey', registration: await createPasskey(passkeyName('new passkey account', network.id)) };
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
            label="Recovery phrase"
            multiline
            verbatim
            value={phrase}
            onValue={setPhrase}
            testid="import-phrase"
            hint="The words separated by spaces, in order."
            error={tried ? sourceProblem : null}
          />
        )}
        {way === 'importKey' && (
          <TextField
            label="Secret key"
            type="password"
            verbatim
            value={secretKey}
            onValue={setSecretKey}
            testid="import-secret-key"
            hint="Starts with ed25519:. Its implicit account is added."
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
          label="Create wallet"
          busyLabel="Creating…"
          submitTestid="create-submit"
          error={action.error}
          errorTestid="create-error"
        >
          <button type="button" onClick={onBack} disabled={action.busy} data-testid="onboarding-back">
            Back
          </button>
        </FormFooter>
      </form>
    </Screen>
  );
}
