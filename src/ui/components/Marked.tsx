// A message with one part set apart (an amount in bold, an id in code): the whole sentence is one message of
// the catalogue, so a translation can put that part where its language wants it, and the part is drawn in
// its place. `text` is the message written with MARK as that part's substitution.
import type { ComponentChildren } from 'preact';

/** The substitution that stands for the marked part: a private-use character no message or data holds. */
export const MARK = '\uE000';

export function Marked({ text, children }: { text: string; children: ComponentChildren }) {
  const at = text.indexOf(MARK);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      {children}
      {text.slice(at + MARK.length)}
    </>
  );
}
