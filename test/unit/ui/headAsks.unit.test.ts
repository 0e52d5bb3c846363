// The first ask of an extension page, made from its head (src/ui/headAsks.ts): the approval window asks
// for its request, the popup and the side panel read the status snapshot; the page's module takes them
// once (src/ui/early.ts), and asks for itself when the head did not.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPROVAL } from '../../../src/api/approvalApi';
import { STATUS_SNAPSHOT_KEY } from '../../../src/api/statusSnapshot';
import { askFromHead, type HeadBrowser, takeHeadAsks } from '../../../src/ui/headAsks';

function fakeBrowser(reply: unknown, stored: unknown) {
  const sendMessage = vi.fn(async (_m: unknown) => reply);
  const get = vi.fn(async (key: string) => (stored === undefined ? {} : { [key]: stored }));
  const browser: HeadBrowser = { runtime: { sendMessage }, storage: { session: { get } } };
  return { browser, sendMessage, get };
}

afterEach(() => void takeHeadAsks());

describe('askFromHead', () => {
  it('the approval window asks approval_current at once; the module takes the answer once', async () => {
    const reply = { ok: true, result: null };
    const { browser, sendMessage, get } = fakeBrowser(reply, undefined);
    askFromHead(browser, '/approve.html');
    expect(sendMessage).toHaveBeenCalledWith({ type: 'request', method: APPROVAL.current });
    expect(get).not.toHaveBeenCalled();
    const asks = takeHeadAsks();
    expect(await asks.current).toEqual(reply);
    expect(asks.snapshot).toBeUndefined();
    expect(takeHeadAsks()).toEqual({}); // taken once
  });

  it.each(['/popup.html', '/sidepanel.html'])('%s reads the status snapshot at once', async (page) => {
    const { browser, sendMessage, get } = fakeBrowser(undefined, { exists: true });
    askFromHead(browser, page);
    expect(get).toHaveBeenCalledWith(STATUS_SNAPSHOT_KEY);
    expect(sendMessage).not.toHaveBeenCalled();
    expect(await takeHeadAsks().snapshot).toEqual({ exists: true });
  });

  it('a background that does not answer reads as the round trip’s refusal, never a throw', async () => {
    const browser: HeadBrowser = {
      runtime: { sendMessage: async () => Promise.reject(new Error('no receiving end')) },
      storage: { session: { get: async () => ({}) } },
    };
    askFromHead(browser, '/approve.html');
    expect(await takeHeadAsks().current).toMatchObject({ ok: false, error: { code: 4900 } });
  });

  it('nothing asked from the head: the module asks for itself', () => {
    expect(takeHeadAsks()).toEqual({});
  });
});
