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
import { useAction } from '../useAction';
import { accountIdProblem, phraseProblem, phraseWords, secretKeyProblem } from '../validate';
import { wallet } from '../wallet';

type Kind = 'generate' | 'importKey' | 'importPhrase' | 'named';

const NEW_KEY: Record<'phrase' | 'random', Choice<Kind>> = {
  phrase: {
    value: 'generate',
    label: 'New key',
    hint: 'The next account of your recovery phrase: restoring the phrase brings it back.',
  },
  random: {
    value: 'generate',
    label: 'New key',
    hint: 'A new random key and its implicit account. Your wallet has no recovery phrase: export the key to back it up.',
  },
};

const OTHER_KINDS: readonly Choice<Kind>[] = [
  { value: 'importKey', label: 'Import secret key', hint: 'An ed25519: secret key from another wallet.' },
  { value: 'importPhrase', label: 'Import recovery phrase', hint: 'The first account of a 12 or 24-word phrase.' },
  { value: 'named', label: 'Named account', hint: 'An account such as alice.near that one of your keys signs for.' },
];

interface Props {
  status: WalletStatus;
  onDone(): Promise<void>;
  onCancel(): void;
}

export function AddAccount({ status, onDone, onCancel }: Props) {
  const fromPhrase = status.recovery.phraseId !== null;
  const kinds = [NEW_KEY[fromPhrase ? 'phrase' : 'random'], ...OTHER_KINDS];
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
    publicKey: kind === 'named' && !publicKey ? 'Choose the key that signs for this account' : null,
    label: label.trim().length > 64 ? 'Keep the name to 64 characters' : null,
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
    <Screen title="Add account" testid="account-add-form">
      <form onSubmit={submit} noValidate>
        <ChoiceGroup<Kind> legend="How" choices={kinds} value={kind} onValue={setKind} testid="account-add-kind" />
        {kind === 'importKey' && (
          <>
            <TextField
              label="Secret key"
              type="password"
              verbatim
              value={secretKey}
              onValue={setSecretKey}
              testid="account-add-secret-key"
              error={shown('secretKey')}
            />
            <TextField
              label="Account id (optional)"
              verbatim
              value={accountId}
              onValue={setAccountId}
              testid="account-add-account-id"
              hint="Leave empty for the key's implicit account."
              error={shown('accountId')}
            />
          </>
        )}
        {kind === 'importPhrase' && (
          <TextField
            label="Recovery phrase"
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
              label="Account id"
              verbatim
              value={accountId}
              onValue={setAccountId}
              testid="account-add-account-id"
              placeholder="alice.near"
              error={shown('accountId')}
            />
            <KeySelect keys={localKeys} value={publicKey} onValue={setPublicKey} error={shown('publicKey')} />
            <p class="hint">
              The verifier must accept this key for the account: register it from a wallet that controls the account
              (add_public_key on the verifier). These are verifier keys, not the ledger's access keys.
            </p>
          </>
        )}
        <TextField
          label="Name (optional)"
          value={label}
          onValue={setLabel}
          testid="account-add-label"
          error={shown('label')}
        />
        <FormFooter
          busy={action.busy}
          label="Add account"
          busyLabel="Adding…"
          submitTestid="account-add-submit"
          error={action.error}
          errorTestid="account-add-error"
        >
          <button type="button" onClick={onCancel} data-testid="account-add-cancel">
            Cancel
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
      <label for={id}>Signing key</label>
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
