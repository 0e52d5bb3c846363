// The Confirm delay: armed once the window has been visible and focused for CONFIRM_DELAY_MS without a
// break. Losing focus never rejects anything (users hate that); it only starts the count again.
import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { CONFIRM_DELAY_MS, remainingMs, trackFocus } from './view';

export interface FocusGate {
  focused: boolean;
  /** Left before Confirm may be used; 0 when armed. */
  readyInMs: number;
  /** Starts the count again (after a failed confirm). */
  reset(): void;
}

const isFocused = () => document.visibilityState === 'visible' && document.hasFocus();

export function useFocusGate(delayMs: number = CONFIRM_DELAY_MS): FocusGate {
  const since = useRef<number | null>(null);
  const [focused, setFocused] = useState(false);
  const [readyInMs, setReadyInMs] = useState(delayMs);

  const check = useCallback(() => {
    const now = performance.now();
    const focusedNow = isFocused();
    since.current = trackFocus(since.current, focusedNow, now);
    setFocused(focusedNow);
    setReadyInMs(remainingMs(since.current, now, delayMs));
  }, [delayMs]);

  // A layout effect: the count starts when the request is committed to the window, not a frame later.
  useLayoutEffect(() => {
    check();
    const timer = setInterval(check, 100);
    window.addEventListener('focus', check);
    window.addEventListener('blur', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
      window.removeEventListener('blur', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [check]);

  const reset = useCallback(() => {
    since.current = null;
    check();
  }, [check]);

  return { focused, readyInMs, reset };
}
