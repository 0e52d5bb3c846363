/**
 * What the toolbar button opens (docs/architecture.md, "Where state lives"): the popup or the side panel.
 * The choice is kept in the clear under `toolbarOpens` (the locked wallet's button must open the right
 * surface, and it says nothing of the person) and applied to the browser at every worker start, since
 * the browser's own record of it does not outlive every restart. How it is applied is the host's
 * (entrypoints/background.ts): Chromium's `sidePanel.setPanelBehavior` with the action's popup cleared,
 * Firefox's `sidebarAction.open()` on the button's click.
 */
import * as z from 'zod/mini';
import type { ToolbarOpens, ToolbarView } from '../../api/toolbarApi';
import type { KeyValue } from '../kv';

export const TOOLBAR_KEY = 'toolbarOpens';

/** The browser's side of the choice; absent where the extension cannot open a side panel. */
export interface ToolbarSurface {
  apply(opens: ToolbarOpens): Promise<void>;
}

const opensSchema = z.lazy(() => z.enum(['popup', 'panel']));
export const toolbarParams = {
  toolbar_get: z.unknown(),
  toolbar_set: z.lazy(() => z.strictObject({ opens: opensSchema })),
};

export class Toolbar {
  constructor(private readonly d: { local: KeyValue; surface: ToolbarSurface | undefined }) {}

  /** The popup's toolbar_* methods (src/api/toolbarApi.ts). */
  readonly handlers = {
    toolbar_get: () => this.get(),
    toolbar_set: (p: { opens: ToolbarOpens }) => this.set(p.opens),
  };

  async get(): Promise<ToolbarView> {
    const opens = this.d.surface ? await this.d.local.readOr(TOOLBAR_KEY, opensSchema, 'popup') : 'popup';
    return { opens, panelAvailable: this.d.surface !== undefined };
  }

  async set(opens: ToolbarOpens): Promise<ToolbarView> {
    if (!this.d.surface) return this.get();
    await this.d.surface.apply(opens);
    await this.d.local.write(TOOLBAR_KEY, opens);
    return this.get();
  }

  /** At the worker's start: the browser does what the person chose (a failure leaves the popup). */
  async restore(): Promise<void> {
    const { opens } = await this.get();
    await this.d.surface?.apply(opens);
  }
}
