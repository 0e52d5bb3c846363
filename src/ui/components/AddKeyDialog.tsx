import { useState } from 'preact/hooks';
import type { KeyChangeResult } from '../../api/walletApi';
import { worded } from '../approve/worded';
import { focusFirstInvalidSoon } from '../focus';
import { shortAccount } from '../format';
import { t } from '../i18n';
import { createPasskey, passkeyName } from '../passkey';
import { useAction } from '../useAction';
import { publicKeyProblem } from '../validate';
import { wallet } from '../wallet';
import { Dialog } from './Dialog';
import { type Choice, ChoiceGroup, TextField } from './Field';
import { FormFooter } from './FormFooter';
import { KeyChangeOutcome } from './KeyChangeProgress';
import { KeyChangeReview, type ShownKeyChange } from './KeyChangeReview';

type How = 'generate' | 'paste' | 'passkey';
const hows = (): readonly Choice<How>[] => [
  { value: 'generate', label: t('keys_howGenerate') },
  { value: 'passkey', label: t('keys_howPasskey'), hint: t('keys_howPasskeyHint') },
  { value: 'paste', label: t('keys_howPaste'), hint: t('keys_howPasteHint') },
];

interface Props {
  accountId: string;
  /** The account signs with a passkey: the change is reviewed and confirmed at the authenticator (./KeyChangeReview.tsx). */
  signsWithPasskey: boolean;
  onClose(): void;
  onChanged(): void;
}

/**
 * Registers a key on the verifier with an add_public_key intent signed by the current signing key: at once
 * for a local key, after a review confirmed at the authenticator for a passkey.
 */
export function AddKeyDialog({ accountId, signsWithPasskey, onClose, onChanged }: Props) {
  const [how, setHow] = useState<How>('generate');
  const [publicKey, setPublicKey] = useState('');
  const [tried, setTried] = useState(false);
  const [shown, setShown] = useState<ShownKeyChange | null>(null);
  const [result, setResult] = useState<KeyChangeResult | null>(null);
  const action = useAction();
  const problem = how === 'paste' ? publicKeyProblem(publicKey) : null;

  const submit = (e: Event) => {
    e.preventDefault();
    setTried(true);
    if (problem) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    void action.run(async () => {
      try {
        const passkey =
          how === 'passkey'
            ? await createPasskey(passkeyName(shortAccount(accountId), (await wallet.getSettings()).network.id))
            : undefined;
        const change = how === 'paste' ? { publicKey: publicKey.trim() } : passkey ? { passkey } : {};
        if (signsWithPasskey) {
          const review = await wallet.reviewKeyChange(accountId, { kind: 'add', ...change });
          setShown({ preview: worded(review.preview), reviewed: review.reviewed });
        } else setResult(await wallet.addKey({ accountId, ...change }));
      } finally {
        onChanged();
      }
    });
  };
  const reviewed = (r: KeyChangeResult) => {
    setShown(null);
    setResult(r);
    onChanged();
  };

  return (
    <Dialog title={t('keys_addTitle')} onClose={onClose} testid="keys-add-dialog">
      {shown && !result && (
        <KeyChangeReview
          accountId={accountId}
          change="add"
          shown={shown}
          onResult={reviewed}
          onCancel={onClose}
          testid="keys-add"
        />
      )}
      {!result && !shown && (
        <form onSubmit={submit} noValidate>
          <ChoiceGroup<How>
            legend={t('keys_whichKey')}
            choices={hows()}
            value={how}
            onValue={setHow}
            testid="keys-add-how"
          />
          {how === 'paste' && (
            <TextField
              label={t('keys_publicKey')}
              verbatim
              value={publicKey}
              onValue={setPublicKey}
              placeholder="ed25519:…"
              testid="keys-add-public-key"
              error={tried ? problem : null}
            />
          )}
          <p class="hint">
            {signsWithPasskey ? t('keys_addPasskeyNote', 'add_public_key') : t('keys_addNote', 'add_public_key')}
          </p>
          <FormFooter
            busy={action.busy}
            label={signsWithPasskey ? t('keys_review') : t('keys_addKey')}
            busyLabel={signsWithPasskey ? t('keys_preparing') : t('settings_adding')}
            submitTestid="keys-add-submit"
          >
            <button type="button" onClick={onClose}>
              {t('settings_cancel')}
            </button>
          </FormFooter>
        </form>
      )}
      <KeyChangeOutcome
        change="add"
        busy={action.busy && !signsWithPasskey}
        result={result}
        error={action.error}
        testid="keys-add"
        onClose={onClose}
      />
    </Dialog>
  );
}
