// Add an account: a new key, an imported secret key or phrase, or a named account signed by a local key. A
// wallet with a recovery phrase takes its new key from the phrase (the next account of it: restoring the
// phrase brings it back); one without makes a random key, which only an export of it backs up.
import { useState } from 'preact/hooks';
import type { AddAccountParams, WalletStatus } from '../../api/walletApi';
import { type Choice, ChoiceGroup, TextField } from '../components/Field';
import { FormFooter } from '../components/FormFooter';
import { Screen } from '../components/Screen';
import { focusFirstInvalidSoon } from '../focus';
import { shortKey } from '../format';
import { t } from '../i18n';
import { useAction } from '../useAction';
import { accountIdProblem, phraseProblem, phraseWords, secretKeyProblem } from '../validate';
import { wallet } from '../wallet';

type Kind = 'generate' | 'importKey' | 'importPhrase' | 'named';

const newKey = (fromPhrase: boolean): Choice<Kind> => ({
  value: 'generate',
  label: t('addAccount_newKey'),
  hint: fromPhrase ? t('addAccount_newKeyPhraseHint') : t('addAccount_newKeyRandomHint'),
});

const otherKinds = (): readonly Choice<Kind>[] => [
  { value: 'importKey', label: t('addAccount_importKey'), hint: t('addAccount_importKeyHint') },
  { value: 'importPhrase', label: t('addAccount_importPhrase'), hint: t('addAccount_importPhraseHint', '12', '24') },
  { value: 'named', label: t('addAccount_named'), hint: t('addAccount_namedHint', 'alice.near') },
];

interface Props {
  status: WalletStatus;
  onDone(): Promise<void>;
  onCancel(): void;
}

export function AddAccount({ status, onDone, onCancel }: Props) {
  const fromPhrase = status.recovery.phraseId !== null;
  const kinds = [newKey(fromPhrase), ...otherKinds()];
  const localKeys = [...new Set(status.accounts.flatMap((a) => a.publicKeys))];
  const [kind, setKind] = useState<Kind>('generate');
  const [secretKey, setSecretKey] = useState('');
  const [phrase, setPhrase] = useState('');
  const [accountId, setAccountId] = useState('');
  const [publicKey, setPublicKey] = useState(localKeys[0] ?? '');
  const [label, setLabel] = useState('');
  const [tried, setTried] = useState(false);
  const action = useAction();

  const problems: Record<string, string | null> = {
    secretKey: kind === 'importKey' ? secretKeyProblem(secretKey) : null,
    phrase: kind === 'importPhrase' ? phraseProblem(phrase) : null,
    accountId:
      kind === 'named'
        ? accountIdProblem(accountId)
        : kind === 'importKey' && accountId.trim()
          ? accountIdProblem(accountId)
          : null,
    publicKey: kind === 'named' && !publicKey ? t('addAccount_chooseKey') : null,
    label: label.trim().length > 64 ? t('accounts_nameTooLong', '64') : null,
  };
  const shown = (field: string) => (tried ? (problems[field] ?? null) : null);

  const params = (): AddAccountParams => {
    const withLabel = label.trim() ? { label: label.trim() } : {};
    switch (kind) {
      case 'generate':
        return { source: { kind: fromPhrase ? 'derive' : 'generate' }, ...withLabel };
      case 'importKey':
        return {
          source: {
            kind: 'importKey',
            secretKey: secretKey.trim(),
            ...(accountId.trim() ? { accountId: accountId.trim() } : {}),
          },
          ...withLabel,
        };
      case 'importPhrase':
        return { source: { kind: 'importPhrase', phrase: phraseWords(phrase).join(' ') }, ...withLabel };
      case 'named':
        return { source: { kind: 'named', accountId: accountId.trim(), publicKey }, ...withLabel };
    }
  };

  const submit = (e: Event) => {
    e.preventDefault();
    setTried(true);
    if (Object.values(problems).some(Boolean)) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    void action.run(async () => {
      await wallet.addAccount(params());
      await onDone();
    });
  };

  return (
    <Screen title={t('accounts_add')} testid="account-add-form">
      <form onSubmit={submit} noValidate>
        <ChoiceGroup<Kind>
          legend={t('addAccount_how')}
          choices={kinds}
          value={kind}
          onValue={setKind}
          testid="account-add-kind"
        />
        {kind === 'importKey' && (
          <>
            <TextField
              label={t('keys_secretKey')}
              type="password"
              verbatim
              value={secretKey}
              onValue={setSecretKey}
              testid="account-add-secret-key"
              error={shown('secretKey')}
            />
            <TextField
              label={t('addAccount_accountIdOptional')}
              verbatim
              value={accountId}
              onValue={setAccountId}
              testid="account-add-account-id"
              hint={t('addAccount_accountIdHint')}
              error={shown('accountId')}
            />
          </>
        )}
        {kind === 'importPhrase' && (
          <TextField
            label={t('phraseReveal_title')}
            multiline
            verbatim
            value={phrase}
            onValue={setPhrase}
            testid="account-add-phrase"
            error={shown('phrase')}
          />
        )}
        {kind === 'named' && (
          <>
            <TextField
              label={t('addAccount_accountId')}
              verbatim
              value={accountId}
              onValue={setAccountId}
              testid="account-add-account-id"
              placeholder="alice.near"
              error={shown('accountId')}
            />
            <KeySelect keys={localKeys} value={publicKey} onValue={setPublicKey} error={shown('publicKey')} />
            <p class="hint">{t('addAccount_namedNote')}</p>
          </>
        )}
        <TextField
          label={t('addAccount_nameOptional')}
          value={label}
          onValue={setLabel}
          testid="account-add-label"
          error={shown('label')}
        />
        <FormFooter
          busy={action.busy}
          label={t('accounts_add')}
          busyLabel={t('settings_adding')}
          submitTestid="account-add-submit"
          error={action.error}
          errorTestid="account-add-error"
        >
          <button type="button" onClick={onCancel} data-testid="account-add-cancel">
            {t('settings_cancel')}
          </button>
        </FormFooter>
      </form>
    </Screen>
  );
}

function KeySelect({
  keys,
  value,
  onValue,
  error,
}: {
  keys: string[];
  value: string;
  onValue(v: string): void;
  error: string | null;
}) {
  const id = 'account-add-key';
  return (
    <div class="field">
      <label for={id}>{t('addAccount_signingKey')}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
        data-testid="account-add-public-key"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {keys.map((k) => (
          <option key={k} value={k}>
            {shortKey(k)}
          </option>
        ))}
      </select>
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
