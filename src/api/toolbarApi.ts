// What the toolbar button opens: the popup, or the side panel (Chromium's side_panel, Firefox's
// sidebar_action). Answered to the extension's own pages only; types only (the background parses params
// with zod: src/background/wallet/toolbar.ts).
export const TOOLBAR = { get: 'toolbar_get', set: 'toolbar_set' } as const;
export type ToolbarMethod = (typeof TOOLBAR)[keyof typeof TOOLBAR];

export type ToolbarOpens = 'popup' | 'panel';

export interface ToolbarView {
  opens: ToolbarOpens;
  /** False where the browser has no side panel the extension can open from its button. */
  panelAvailable: boolean;
}

export interface ToolbarResults {
  toolbar_get: ToolbarView;
  toolbar_set: ToolbarView;
}
