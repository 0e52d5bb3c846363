import { useState } from 'preact/hooks';

/** Copies `text` to the clipboard and says so in a live region. */
export function CopyButton({ text, label = 'Copy', testid }: { text: string; label?: string; testid?: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied to the clipboard');
    } catch {
      setSaid('Could not copy; select the text and copy it by hand');
    }
  };
  return (
    <span class="copy">
      <button type="button" onClick={() => void copy()} data-testid={testid}>
        {label}
      </button>
      <span role="status" class="hint">
        {said}
      </span>
    </span>
  );
}
