// A modal dialog: focus moves to its first field, Tab and Shift+Tab stay inside, Escape closes it,
// and focus returns to what opened it.
import type { ComponentChildren } from 'preact';
import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { focusables, focusFirstField } from '../focus';
import { t } from '../i18n';

interface DialogProps {
  title: string;
  onClose(): void;
  children: ComponentChildren;
  testid?: string;
}

export function Dialog({ title, onClose, children, testid }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  // What had focus when the dialog opened, read during the first render (before any effect runs).
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  // Layout effects: focus moves as the dialog appears, not a frame later.
  useLayoutEffect(() => {
    const box = ref.current;
    // Focus that lands outside (a click on the backdrop, a removed element) comes back in.
    const keepInside = (e: FocusEvent) => {
      if (box && e.target instanceof Node && !box.contains(e.target)) focusFirstField(box);
    };
    document.addEventListener('focusin', keepInside);
    return () => {
      document.removeEventListener('focusin', keepInside);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // On opening, and whenever the focused control went away (a form replaced by its result).
  useLayoutEffect(() => {
    const box = ref.current;
    if (box && !box.contains(document.activeElement)) focusFirstField(box);
  });

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = focusables(ref.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      e.preventDefault();
    } else if (e.shiftKey && (document.activeElement === first || !ref.current.contains(document.activeElement))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div class="backdrop">
      <div
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={ref}
        onKeyDown={onKeyDown}
        data-testid={testid}
      >
        <div class="dialog-head">
          <h2 id={titleId} tabIndex={-1}>
            {title}
          </h2>
          <button
            type="button"
            class="icon"
            aria-label={t('common_close')}
            onClick={() => close.current()}
            data-testid="dialog-close"
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
