// The approval window as the queue opens it (./queue.ts): the part of the browser's windows API it uses, and
// the window's size. The zoom test (test/e2e/zoom.spec.ts) opens its page at this size.
export interface WindowsPort {
  create(info: {
    url: string;
    type: 'popup';
    width: number;
    height: number;
    focused: boolean;
  }): Promise<{ id?: number | undefined } | undefined>;
  update(windowId: number, info: { focused: boolean }): Promise<unknown>;
  remove(windowId: number): Promise<void>;
}

/** In device pixels: the window does not grow with the person's zoom, so its pages reflow (docs/architecture.md, "Tests"). */
export const APPROVAL_WINDOW_SIZE = { width: 400, height: 660 } as const;
