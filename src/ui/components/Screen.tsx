import type { ComponentChildren } from 'preact';
import { useId, useLayoutEffect, useRef } from 'preact/hooks';
import { focusFirstField } from '../focus';

interface ScreenProps {
  title: string;
  children: ComponentChildren;
  testid?: string;
  /** False while the screen's fields are still loading: focus moves once it turns true. */
  ready?: boolean;
  /** Focus the title rather than the first field (screens to read first, whose fields are optional). */
  focusHeading?: boolean;
  /** The title is for assistive technology only (the bottom navigation already names the section). */
  titleHidden?: boolean;
}

/** One screen of the popup: a titled section that moves focus to its first field when it appears. */
export function Screen({
  title,
  children,
  testid,
  ready = true,
  focusHeading = false,
  titleHidden = false,
}: ScreenProps) {
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    if (!ready) return;
    if (focusHeading) ref.current?.querySelector<HTMLElement>('h2')?.focus();
    else focusFirstField(ref.current);
  }, [ready]);
  return (
    <section class="screen" ref={ref} aria-labelledby={titleId} data-testid={testid}>
      <h2 id={titleId} tabIndex={-1} class={titleHidden ? 'sr-only' : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}
