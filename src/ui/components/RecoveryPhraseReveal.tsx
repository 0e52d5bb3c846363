// Settings: "Show recovery phrase". The password goes to the background, which checks it in the vault
// (wrong ones are counted and slowed like the unlock's: src/vault/throttle.ts) and only then answers the
// words: the one way the phrase leaves the background after the backup step (docs/security.md, "Keys at
// rest and in memory"). Here the words stay hidden until Reveal, live only in this component's state, and a
// copy of them goes through the clipboard guard (src/ui/clipboard.ts): cleared after a minute or when the
// wallet closes.
import { useState } from 'preact/hooks';
import { t } from '../i18n';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { SecretText } from './ClipboardNote';
import { CopyButton } from './CopyButton';
import { TextField } from './Field';
import { FormFooter } from './FormFooter';
import { Warning } from './Notice';

export function RecoveryPhraseReveal({ phraseId }: { phraseId: string | null }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [words, setWords] = useState<string[] | null>(null);
  const [revealed, setRevealed] = useState(false);
  const action = useAction();
  const close = () => {
    setOpen(false);
    setPassword('');
    setWords(null);
    setRevealed(false);
  };

  if (phraseId === null)
    return (
      <div class="group" data-testid="phrase-reveal">
        <h3>{t('phraseReveal_title')}</h3>
        <p class="hint" data-testid="phrase-reveal-none">
          {t('phraseReveal_none')}
        </p>
      </div>
    );
  if (!open)
    return (
      <div class="group" data-testid="phrase-reveal">
        <h3>{t('phraseReveal_title')}</h3>
        <button type="button" onClick={() => setOpen(true)} data-testid="phrase-reveal-open">
          {t('phraseReveal_show')}
        </button>
      </div>
    );

  const submit = (e: Event) => {
    e.preventDefault();
    if (!password) return action.setError(t('settings_enterPassword'));
    void action.run(async () => {
      setWords(await wallet.exportPhrase(phraseId, password));
      setPassword('');
    });
  };
  return (
    <div class="group" data-testid="phrase-reveal">
      <h3>{t('phraseReveal_title')}</h3>
      <Warning>
        <strong>{t('phraseReveal_warning')}</strong> {t('phraseReveal_warningMore')}
      </Warning>
      {words === null ? (
        <form onSubmit={submit}>
          <TextField
            label={t('settings_password')}
            type="password"
            value={password}
            onValue={setPassword}
            autoComplete="current-password"
            testid="phrase-reveal-password"
          />
          <FormFooter
            busy={action.busy}
            label={t('settings_continue')}
            busyLabel={t('settings_checking')}
            submitTestid="phrase-reveal-submit"
            error={action.error}
            errorTestid="phrase-reveal-error"
          >
            <button type="button" onClick={close} data-testid="phrase-reveal-cancel">
              {t('settings_cancel')}
            </button>
          </FormFooter>
        </form>
      ) : (
        <>
          <SecretText>
            <ol
              class={revealed ? 'words' : 'words hidden-words'}
              aria-label={t('phraseReveal_title')}
              aria-hidden={revealed ? undefined : true}
              data-testid="phrase-reveal-words"
              data-revealed={revealed ? 'true' : 'false'}
            >
              {words.map((word, i) => (
                <li key={i} data-testid={`phrase-reveal-word-${i + 1}`}>
                  <span class="n" aria-hidden="true">
                    {i + 1}.
                  </span>{' '}
                  <span class="w">{revealed ? word : '•••••'}</span>
                </li>
              ))}
            </ol>
          </SecretText>
          <div class="actions">
            {revealed ? (
              <button type="button" onClick={() => setRevealed(false)} data-testid="phrase-reveal-hide">
                {t('phraseReveal_hide')}
              </button>
            ) : (
              <button type="button" class="primary" onClick={() => setRevealed(true)} data-testid="phrase-reveal-show">
                {t('phraseReveal_reveal')}
              </button>
            )}
            <CopyButton text={words.join(' ')} secret testid="phrase-reveal-copy" />
            <button type="button" onClick={close} data-testid="phrase-reveal-done">
              {t('settings_done')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
