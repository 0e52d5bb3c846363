// The Confirm delay: armed once what Confirm would act on (`subject`, view confirmSubject) has been shown in
// the window, visible and focused, for CONFIRM_DELAY_MS without a break. A new subject starts the count
// again (an unlock inside the window shows the request only then), and so does a loss of focus; losing
// focus never rejects anything (users hate that).
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

export function useFocusGate(subject: string, delayMs: number = CONFIRM_DELAY_MS): FocusGate {
  const since = useRef<number | null>(null);
  /** The subject the count is for; set in the commit that first shows a subject. */
  const counted = useRef(subject);
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

  // The commit that shows a new subject starts the count (before that frame is painted).
  useLayoutEffect(() => {
    if (counted.current === subject) return;
    counted.current = subject;
    reset();
  }, [subject, reset]);

  // Drawn with a subject the count is not for yet: not armed, from the very first render of it.
  return { focused, readyInMs: counted.current === subject ? readyInMs : delayMs, reset };
}
