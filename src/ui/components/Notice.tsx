// Messages that assistive technology announces: errors (role="alert") and progress or results (role="status").
import type { ComponentChildren } from 'preact';
import type { Trouble } from '../call';
import { t } from '../i18n';

export function ErrorAlert({ message, testid }: { message: string | null; testid?: string }) {
  if (!message) return null;
  return (
    <p class="alert" role="alert" data-testid={testid}>
      {message}
    </p>
  );
}

/** A live region that is always in the page, so that changes to its text are announced. */
export function StatusLine({ children, testid }: { children?: ComponentChildren; testid?: string }) {
  return (
    <p class="status" role="status" data-testid={testid}>
      {children}
    </p>
  );
}

export function Warning({ children, testid }: { children: ComponentChildren; testid?: string }) {
  return (
    <div class="warning" role="note" data-testid={testid}>
      {children}
    </div>
  );
}

/**
 * A failure on a main screen: the plain sentence (ui/call.ts `troubleOf`), the error's own words folded
 * under "Details", and Retry, which repeats what failed. `testid` names the sentence's box, so tests that
 * read the message read the sentence; `<testid>-retry` the button.
 */
export function FailureAlert({
  trouble,
  onRetry,
  retrying = false,
  testid,
}: {
  trouble: Trouble | null;
  onRetry?: (() => void) | undefined;
  retrying?: boolean;
  testid?: string;
}) {
  if (!trouble) return null;
  return (
    <div class="alert failure" role="alert" data-testid={testid}>
      <p>{trouble.text}</p>
      {trouble.details && trouble.details !== trouble.text && (
        <details>
          <summary>{t('notice_details')}</summary>
          <p class="details" data-testid={testid && `${testid}-details`}>
            {trouble.details}
          </p>
        </details>
      )}
      {onRetry && (
        <button type="button" onClick={onRetry} disabled={retrying} data-testid={testid && `${testid}-retry`}>
          {t('notice_retry')}
        </button>
      )}
    </div>
  );
}
