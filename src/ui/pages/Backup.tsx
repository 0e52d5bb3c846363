// The recovery-phrase backup step: show the words once with a warning, then ask for three of them
// at random positions before telling the background the phrase is written down. Words copied by hand
// are cleared off the clipboard again (src/ui/clipboard.ts).
import { useMemo, useState } from 'preact/hooks';
import { cryptoRandomInt, pickBackupPositions, wrongBackupAnswers } from '../backup';
import { ClipboardNote, SecretText } from '../components/ClipboardNote';
import { TextField } from '../components/Field';
import { FormFooter } from '../components/FormFooter';
import { Warning } from '../components/Notice';
import { Screen } from '../components/Screen';
import { focusFirstInvalidSoon } from '../focus';
import { t } from '../i18n';
import { numberStyle } from '../numbers';
import { useAction } from '../useAction';
import { wallet } from '../wallet';

export const BACKUP_CHECKS = 3;

interface BackupProps {
  phrase: { id: string; words: string[] };
  onDone(): void;
  onSkip(): void;
}

export function Backup({ phrase, onDone, onSkip }: BackupProps) {
  const [stage, setStage] = useState<'show' | 'check'>('show');
  return stage === 'show' ? (
    <ShowWords words={phrase.words} onNext={() => setStage('check')} onSkip={onSkip} />
  ) : (
    <CheckWords phrase={phrase} onBack={() => setStage('show')} onDone={onDone} onSkip={onSkip} />
  );
}

function ShowWords({ words, onNext, onSkip }: { words: string[]; onNext(): void; onSkip(): void }) {
  return (
    <Screen title={t('phraseBackup_writeTitle')} testid="backup-words">
      <Warning>
        <strong>{t('phraseBackup_onlyWay', numberStyle().whole(String(words.length)))}</strong>{' '}
        {t('phraseBackup_keepOffline')}
      </Warning>
      <SecretText>
        <ol class="words" aria-label={t('phraseBackup_wordsLabel')}>
          {words.map((word, i) => (
            <li key={i} data-testid={`phrase-word-${i + 1}`}>
              <span class="n" aria-hidden="true">
                {i + 1}.
              </span>{' '}
              <span class="w">{word}</span>
            </li>
          ))}
        </ol>
      </SecretText>
      <ClipboardNote />
      <div class="actions">
        <button type="button" onClick={onSkip} data-testid="backup-skip">
          {t('phraseBackup_skip')}
        </button>
        <button type="button" class="primary" onClick={onNext} data-testid="backup-continue" data-autofocus="">
          {t('phraseBackup_wroteDown')}
        </button>
      </div>
    </Screen>
  );
}

function CheckWords({ phrase, onBack, onDone, onSkip }: BackupProps & { onBack(): void }) {
  const positions = useMemo(
    () => pickBackupPositions(phrase.words.length, BACKUP_CHECKS, cryptoRandomInt),
    [phrase.words.length],
  );
  const [answers, setAnswers] = useState<string[]>(() => positions.map(() => ''));
  const [wrong, setWrong] = useState<number[]>([]);
  const action = useAction();

  const submit = (e: Event) => {
    e.preventDefault();
    const bad = wrongBackupAnswers(phrase.words, positions, answers);
    setWrong(bad);
    if (bad.length) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    void action.run(async () => {
      await wallet.confirmBackup(phrase.id);
      onDone();
    });
  };

  return (
    <Screen title={t('phraseBackup_checkTitle')} testid="backup-check">
      <p>{t('phraseBackup_checkIntro')}</p>
      <form onSubmit={submit} noValidate>
        {positions.map((pos, i) => (
          <TextField
            key={pos}
            label={t('phraseBackup_wordN', numberStyle().whole(String(pos + 1)))}
            verbatim
            value={answers[i] ?? ''}
            onValue={(v) => setAnswers((a) => a.map((old, j) => (j === i ? v : old)))}
            testid={`backup-word-${pos + 1}`}
            error={wrong.includes(pos) ? t('phraseBackup_notWordN', numberStyle().whole(String(pos + 1))) : null}
          />
        ))}
        <FormFooter
          busy={action.busy}
          label={t('phraseBackup_confirm')}
          submitTestid="backup-confirm"
          error={wrong.length ? t('phraseBackup_mismatch') : action.error}
          errorTestid="backup-error"
        >
          <button type="button" onClick={onBack} data-testid="backup-show-again">
            {t('phraseBackup_showAgain')}
          </button>
        </FormFooter>
        <button type="button" class="link" onClick={onSkip} data-testid="backup-skip">
          {t('phraseBackup_skip')}
        </button>
      </form>
    </Screen>
  );
}

/** Backup started later from the banner: the phrase is read again with the password. */
export function BackupLater({ phraseId, onDone, onCancel }: { phraseId: string; onDone(): void; onCancel(): void }) {
  const [password, setPassword] = useState('');
  const [words, setWords] = useState<string[] | null>(null);
  const action = useAction();
  if (words) return <Backup phrase={{ id: phraseId, words }} onDone={onDone} onSkip={onCancel} />;
  const submit = (e: Event) => {
    e.preventDefault();
    void action.run(async () => setWords(await wallet.exportPhrase(phraseId, password)));
  };
  return (
    <Screen title={t('phraseBackup_laterTitle')} testid="backup-unlock">
      <p>{t('phraseBackup_laterIntro')}</p>
      <form onSubmit={submit}>
        <TextField
          label={t('phraseBackup_password')}
          type="password"
          value={password}
          onValue={setPassword}
          autoComplete="current-password"
          testid="backup-password"
          required
        />
        <FormFooter
          busy={action.busy}
          label={t('phraseBackup_showPhrase')}
          submitTestid="backup-show"
          error={action.error}
          errorTestid="backup-error"
        >
          <button type="button" onClick={onCancel} data-testid="backup-cancel">
            {t('phraseBackup_cancel')}
          </button>
        </FormFooter>
      </form>
    </Screen>
  );
}
