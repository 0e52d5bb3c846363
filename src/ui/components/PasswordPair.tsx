import { t } from '../i18n';
import { numberStyle } from '../numbers';
import { MIN_PASSWORD_LENGTH, passwordLengthProblem, passwordMatchProblem } from '../validate';
import { TextField } from './Field';

interface PasswordPairProps {
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
  /** Show the problems (once the user has tried to submit). */
  showErrors: boolean;
  labels?: { password: string; confirm: string };
  testids?: { password: string; confirm: string };
}

/** A new password and its confirmation, with the rule shown. */
export function PasswordPair(props: PasswordPairProps) {
  const labels = props.labels ?? { password: t('pair_password'), confirm: t('pair_confirm') };
  const testids = props.testids ?? { password: 'password', confirm: 'password-confirm' };
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        value={props.password}
        onValue={props.onPassword}
        autoComplete="new-password"
        required
        testid={testids.password}
        error={props.showErrors ? passwordLengthProblem(props.password) : null}
        hint={t('pair_hint', numberStyle().whole(String(MIN_PASSWORD_LENGTH)))}
      />
      <TextField
        label={labels.confirm}
        type="password"
        value={props.confirm}
        onValue={props.onConfirm}
        autoComplete="new-password"
        required
        testid={testids.confirm}
        error={props.showErrors ? passwordMatchProblem(props.password, props.confirm) : null}
      />
    </>
  );
}
