// Settings: "Show recovery phrase". The password goes to the background, which checks it in the vault
// (wrong ones are counted and slowed like the unlock's: src/vault/throttle.ts) and only then answers the
// words: the one way the phrase leaves the background after the backup step (docs/security.md, "Keys at
// rest and in memory"). Here the words stay hidden until Reveal, live only in this component's state, and a
// copy of them goes through the clipboard guard (src/ui/clipboard.ts): cleared after a minute or when the
// wallet closes.
import { useState } from 'preact/hooks';
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
        <h3>Recovery phrase</h3>
        <p class="hint" data-testid="phrase-reveal-none">
          This wallet has no recovery phrase: its keys came from elsewhere (a Quick key or an imported key). Back each
          one up by exporting it (Settings → Keys → Export).
        </p>
      </div>
    );
  if (!open)
    return (
      <div class="group" data-testid="phrase-reveal">
        <h3>Recovery phrase</h3>
        <button type="button" onClick={() => setOpen(true)} data-testid="phrase-reveal-open">
          Show recovery phrase
        </button>
      </div>
    );

  const submit = (e: Event) => {
    e.preventDefault();
    if (!password) return action.setError('Enter your password');
    void action.run(async () => {
      setWords(await wallet.exportPhrase(phraseId, password));
      setPassword('');
    });
  };
  return (
    <div class="group" data-testid="phrase-reveal">
      <h3>Recovery phrase</h3>
      <Warning>
        <strong>Anyone who sees these words can take everything in this wallet.</strong> Make sure nobody can see your
        screen; never type them into a website.
      </Warning>
      {words === null ? (
        <form onSubmit={submit}>
          <TextField
            label="Password"
            type="password"
            value={password}
            onValue={setPassword}
            autoComplete="current-password"
            testid="phrase-reveal-password"
          />
          <FormFooter
            busy={action.busy}
            label="Continue"
            busyLabel="Checking…"
            submitTestid="phrase-reveal-submit"
            error={action.error}
            errorTestid="phrase-reveal-error"
          >
            <button type="button" onClick={close} data-testid="phrase-reveal-cancel">
              Cancel
            </button>
          </FormFooter>
        </form>
      ) : (
        <>
          <SecretText>
            <ol
              class={revealed ? 'words' : 'words hidden-words'}
              aria-label="Recovery phrase"
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
                Hide
              </button>
            ) : (
              <button type="button" class="primary" onClick={() => setRevealed(true)} data-testid="phrase-reveal-show">
                Reveal
              </button>
            )}
            <CopyButton text={words.join(' ')} secret testid="phrase-reveal-copy" />
            <button type="button" onClick={close} data-testid="phrase-reveal-done">
              Done
            </button>
          </div>
        </>
      )}
    </div>
  );
}
