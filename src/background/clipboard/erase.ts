/**
 * Writes an empty text over the clipboard from an extension document that has no user gesture and no
 * focus: Firefox's event page, or Chromium's offscreen document (a service worker has no clipboard:
 * https://developer.chrome.com/docs/extensions/reference/api/offscreen). With the `clipboardWrite`
 * permission `navigator.clipboard.writeText` needs no user activation
 * (https://developer.mozilla.org/docs/Mozilla/Add-ons/WebExtensions/Interact_with_the_clipboard), but
 * Chromium still refuses it to a document without focus, which an offscreen document never has; there
 * `document.execCommand('copy')` works, and the copy event it raises is given an empty text.
 */
export async function eraseClipboard(
  doc: Document,
  clipboard: Pick<Clipboard, 'writeText'> | undefined,
): Promise<void> {
  try {
    if (clipboard) return await clipboard.writeText('');
  } catch {
    // no focus: the copy command below
  }
  const putEmpty = (e: ClipboardEvent) => {
    e.clipboardData?.setData('text/plain', '');
    e.preventDefault();
  };
  doc.addEventListener('copy', putEmpty);
  try {
    if (!doc.execCommand('copy')) throw new Error('not cleared');
  } finally {
    doc.removeEventListener('copy', putEmpty);
  }
}
