// Page-supplied text as the window shows it: hidden characters written as escapes (core visibleText),
// each escape set apart so it cannot pass for ordinary text (Unicode TR 9, TR 36; docs/security.md).
import { t } from '../i18n';
import { visibleParts } from './view';

export function Shown({ text, multiline = false }: { text: string; multiline?: boolean }) {
  return (
    <>
      {visibleParts(text, multiline).map((p, i) =>
        p.escape ? (
          <span key={i} class="esc" title={t('approve_escapeTitle')} data-testid="approval-escape">
            {p.text}
          </span>
        ) : (
          p.text
        ),
      )}
    </>
  );
}
