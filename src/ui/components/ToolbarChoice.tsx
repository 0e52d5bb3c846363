// Settings: what the toolbar button opens, the popup or the side panel (src/api/toolbarApi.ts). Shown only
// where the browser has a side panel the extension can open.
import { useEffect, useState } from 'preact/hooks';
import { TOOLBAR, type ToolbarOpens, type ToolbarView } from '../../api/toolbarApi';
import { callBackground } from '../call';
import { t } from '../i18n';
import { useAction } from '../useAction';
import { ChoiceGroup } from './Field';
import { ErrorAlert } from './Notice';

const choices = () => [
  { value: 'popup' as const, label: t('toolbar_popup'), hint: t('toolbar_popupHint') },
  { value: 'panel' as const, label: t('toolbar_panel'), hint: t('toolbar_panelHint') },
];

export function ToolbarChoice() {
  const [view, setView] = useState<ToolbarView | null>(null);
  const change = useAction();
  useEffect(() => {
    void (callBackground(TOOLBAR.get) as Promise<ToolbarView>).then(setView, () => undefined);
  }, []);
  if (!view?.panelAvailable) return null;
  // The choice shows at once (a radio that snaps back until the answer reads as not taken); the background's
  // answer then replaces it, and a refusal puts back what it holds.
  const choose = (opens: ToolbarOpens) => {
    setView((v) => v && { ...v, opens });
    void change.run(async () => {
      try {
        setView((await callBackground(TOOLBAR.set, { opens })) as ToolbarView);
      } catch (e) {
        void (callBackground(TOOLBAR.get) as Promise<ToolbarView>).then(setView, () => undefined);
        throw e;
      }
    });
  };
  return (
    <div class="group" data-testid="toolbar-choice">
      <ChoiceGroup
        legend={t('toolbar_opens')}
        choices={choices()}
        value={view.opens}
        onValue={choose}
        testid="toolbar-opens"
      />
      <ErrorAlert message={change.error} testid="toolbar-error" />
    </div>
  );
}
