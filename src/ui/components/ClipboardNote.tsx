// What the wallet says about a secret it put on the clipboard, and the mark on secret text that makes a
// copy of it by hand guarded too (src/ui/clipboard.ts; docs/security.md, "Nothing left behind: the clipboard").
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { CLIPBOARD_CLEAR_SECONDS } from '../../api/clipboard';
import { type GuardState, guardState, onGuardState, watchCopies } from '../clipboard';
import { t } from '../i18n';
import { numberStyle } from '../numbers';

const NOTES: Record<GuardState, () => string> = {
  idle: () => '',
  arming: () => t('clipboard_copied'),
  guarded: () => t('clipboard_guarded', numberStyle().whole(String(CLIPBOARD_CLEAR_SECONDS))),
  cleared: () => t('clipboard_cleared'),
  unguarded: () => t('clipboard_unguarded'),
};

/** The guard's state in words, kept current. */
export function useClipboardNote(): string {
  const [state, setState] = useState(guardState);
  useEffect(() => onGuardState(setState), []);
  return NOTES[state]();
}

/** A live region under secret text copied by hand (a copy button says the same in its own). */
export function ClipboardNote({ testid }: { testid?: string }) {
  return (
    <p class="hint" role="status" data-testid={testid}>
      {useClipboardNote()}
    </p>
  );
}

/** Secret text: copying any of it, by hand or with a secret CopyButton, puts the clipboard guard on. */
export function SecretText({ children }: { children: ComponentChildren }) {
  useEffect(() => watchCopies(document), []);
  return <div data-secret="">{children}</div>;
}
