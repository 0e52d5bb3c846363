// The swaps still being followed, above the swap form: open one to see its deposit view.
import { useEffect, useState } from 'preact/hooks';
import type { SwapRecordView } from '../../api/swapApi';
import { t } from '../i18n';
import { swaps } from '../swaps';
import { STATUS_TEXT, sendText } from '../swapText';

/** Swaps started here that have not finished: one click back to their deposit view. */
export function ActiveSwaps({ onOpen }: { onOpen(id: string): void }) {
  const [records, setRecords] = useState<SwapRecordView[]>([]);
  useEffect(() => {
    // swap_list answers the swaps the tracker still follows, newest first (the background's index of unfinished swaps).
    swaps.list().then(setRecords, () => setRecords([]));
  }, []);
  if (records.length === 0) return null;
  return (
    <section class="group active-swaps" aria-labelledby="swap-active-heading" data-testid="swap-active">
      <h3 id="swap-active-heading">{t('swap_inProgress')}</h3>
      <ul class="rows">
        {records.map((r) => (
          <li key={r.id} class="row" data-testid="swap-active-row" data-status={r.status}>
            <div class="row-main">
              <span>{sendText(r)}</span>
              <span class={`badge status-${r.status}`}>{STATUS_TEXT[r.status].label}</span>
            </div>
            <div class="row-actions">
              <button
                type="button"
                onClick={() => onOpen(r.id)}
                aria-label={t('swap_openSwapOf', sendText(r))}
                data-testid="swap-active-open"
              >
                {t('common_open')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
