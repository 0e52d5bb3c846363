// A message with an element inside it (a name in bold, an address as code): the message is looked up with
// SLOT for that placeholder and the element is put where the translation placed it, so a language may
// order its words around it freely. The whole is marked `data-message` so a reader of the screen's words
// (the end-to-end text check, docs/testing.md "Words from the catalogue") takes it as one message.
import type { ComponentChildren } from 'preact';

/** Stands for the element in the message's substitutions: a private-use character no message contains. */
export const SLOT = '\uE000';

export function Placed({ text, children }: { text: string; children: ComponentChildren }) {
  const at = text.indexOf(SLOT);
  if (at === -1) return <>{text}</>;
  return (
    <span data-message="">
      {text.slice(0, at)}
      {children}
      {text.slice(at + SLOT.length)}
    </span>
  );
}
