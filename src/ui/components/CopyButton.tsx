import { useState } from 'preact/hooks';
import { copyText } from '../clipboard';
import { t } from '../i18n';
import { useClipboardNote } from './ClipboardNote';

/**
 * Copies `text` to the clipboard and says so in a live region. `secret`: the wallet clears it again
 * (src/ui/clipboard.ts) and the live region says when, for a copy by hand of the same secret too;
 * anything else is left where the user put it.
 */
export function CopyButton({
  text,
  label = t('copy_copy'),
  testid,
  secret = false,
}: {
  text: string;
  label?: string;
  testid?: string;
  secret?: boolean;
}) {
  const [said, setSaid] = useState('');
  const note = useClipboardNote();
  const copy = async () => {
    try {
      await copyText(text, secret);
      setSaid(t('copy_copied'));
    } catch {
      setSaid(t('copy_failed'));
    }
  };
  return (
    <span class="copy">
      <button type="button" onClick={() => void copy()} data-testid={testid}>
        {label}
      </button>
      <span role="status" class="hint">
        {secret && said !== t('copy_failed') ? note : said}
      </span>
    </span>
  );
}
