// Messages that assistive technology announces: errors (role="alert") and progress or results (role="status").
import type { ComponentChildren } from 'preact';

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
