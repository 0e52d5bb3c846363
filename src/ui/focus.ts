// Focus helpers for screens and dialogs (keyboard use: focus follows each new screen).

const FIELDS = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
const FOCUSABLE = `${FIELDS}, button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])`;

/** Everything Tab can reach inside `root`, in document order. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]'));
}

/** Focuses the first field in `root`; else `[data-autofocus]`, the first heading, or the first control. */
export function focusFirstField(root: HTMLElement | null): void {
  if (!root) return;
  const target =
    root.querySelector<HTMLElement>(FIELDS) ??
    root.querySelector<HTMLElement>('[data-autofocus]') ??
    root.querySelector<HTMLElement>('h2[tabindex], h3[tabindex]') ??
    focusables(root)[0];
  target?.focus();
}

/** After the next render, focuses the first field marked invalid in `root` (a failed submit). */
export function focusFirstInvalidSoon(root: HTMLElement | null): void {
  setTimeout(() => root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
