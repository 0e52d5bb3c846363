import { useEffect, useRef, useState } from 'preact/hooks';
import type { FailedTask } from '../core/errorText';
import { type Trouble, troubleOf } from './call';
import { messageOf } from './wallet';

export interface Action {
  busy: boolean;
  error: string | null;
  setError(message: string | null): void;
  /** Runs `task`; a throw becomes `error` (the message is written for people). True when it succeeded. */
  run(task: () => Promise<void>): Promise<boolean>;
  /**
   * The error as a main screen shows it, `task` being what failed: a service failure in plain words
   * with its own words for "Details" (ui/call.ts `troubleOf`); null when there is none.
   */
  trouble(task: FailedTask): Trouble | null;
}

/** Busy and error state for one async action of a form; ignores results after the form is gone. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setErrorText] = useState<string | null>(null);
  /** What was thrown, when the error came from a throw (not from setError). */
  const [thrown, setThrown] = useState<{ e: unknown } | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const setError = (message: string | null) => {
    setErrorText(message);
    setThrown(null);
  };
  const run = async (task: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await task();
      return true;
    } catch (err) {
      if (live.current) {
        setErrorText(messageOf(err));
        setThrown({ e: err });
      }
      return false;
    } finally {
      if (live.current) setBusy(false);
    }
  };
  const trouble = (task: FailedTask): Trouble | null =>
    error === null ? null : thrown ? troubleOf(task, thrown.e) : { text: error, details: null };
  return { busy, error, setError, run, trouble };
}
