// The end of a form: its error, an optional status line, then its buttons with the submit button last.
import type { ComponentChildren } from 'preact';
import type { Trouble } from '../call';
import { ErrorAlert, FailureAlert, StatusLine } from './Notice';

interface FormFooterProps {
  busy: boolean;
  /** The form cannot be sent as it is; the label says why ("Insufficient wNEAR"). */
  blocked?: boolean;
  /** The submit button's text, and its text while the form's action runs (default: the same). */
  label: string;
  busyLabel?: string;
  submitTestid: string;
  /** Shown above the buttons when set; leave out when the form's error is shown elsewhere. */
  error?: string | null;
  /** In place of `error`: a failure in plain words with its Details and, given `onRetry`, Retry. */
  trouble?: Trouble | null;
  onRetry?: () => void;
  errorTestid?: string;
  /** A live status line (saved, changed) between the error and the buttons, when given. */
  status?: string;
  statusTestid?: string;
  /** Buttons before the submit button (Cancel, Back, Remove). */
  children?: ComponentChildren;
}

export function FormFooter(props: FormFooterProps) {
  return (
    <>
      {props.trouble !== undefined ? (
        <FailureAlert
          trouble={props.trouble}
          onRetry={props.onRetry}
          retrying={props.busy}
          testid={props.errorTestid}
        />
      ) : (
        <ErrorAlert message={props.error ?? null} testid={props.errorTestid} />
      )}
      {props.status !== undefined && <StatusLine testid={props.statusTestid}>{props.status}</StatusLine>}
      <div class="actions">
        {props.children}
        <button
          type="submit"
          class="primary"
          disabled={props.busy || props.blocked === true}
          data-testid={props.submitTestid}
        >
          {props.busy ? (props.busyLabel ?? props.label) : props.label}
        </button>
      </div>
    </>
  );
}
