import { useEffect, useRef, useState } from 'preact/hooks';
import { messageOf } from './wallet';

export interface Action {
  busy: boolean;
  error: string | null;
  setError(message: string | null): void;
  /** Runs `task`; a throw becomes `error` (the message is written for people). True when it succeeded. */
  run(task: () => Promise<void>): Promise<boolean>;
}

/** Busy and error state for one async action of a form; ignores results after the form is gone. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const run = async (task: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await task();
      return true;
    } catch (err) {
      if (live.current) setError(messageOf(err));
      return false;
    } finally {
      if (live.current) setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
