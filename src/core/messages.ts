/**
 * The words a person reads, by key: the catalogue is `assets/public/_locales/<locale>/messages.json`,
 * which the browser loads and looks up itself (`i18n.getMessage`,
 * https://developer.chrome.com/docs/extensions/reference/api/i18n), so no page carries it in its script.
 * The keys are typed from the English catalogue (a type import: nothing of it is bundled), so a key that
 * is not there is a compile error. Here too: Chrome's substitution rule, for code that runs without a
 * browser (unit tests, the check that every locale has the same keys and placeholders).
 */
import type en from '../../assets/public/_locales/en/messages.json';

type Catalogue = typeof en;
export type MessageKey = keyof Catalogue;

/** The substitutions a key takes (each a `Sub`): none, or at least one when its message has placeholders. */
export type Subs<K extends MessageKey, Sub = string> = Catalogue[K] extends { placeholders: object }
  ? [Sub, ...Sub[]]
  : [];

/** One entry of a messages.json, as Chrome defines it. */
export interface MessageEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}

/**
 * `key`'s message in `catalogue` with `subs` put in, as Chrome does: each `$name$` becomes its
 * placeholder's content (names are case-insensitive), `$1`…`$9` there and in the message become the
 * substitutions (absent ones empty), and `$$` is a dollar sign. An unknown key is the empty string.
 */
export function formatMessage(
  catalogue: Readonly<Record<string, MessageEntry>>,
  key: string,
  subs: readonly string[] = [],
): string {
  const entry = catalogue[key];
  if (!entry) return '';
  const placeholders = new Map(
    Object.entries(entry.placeholders ?? {}).map(([name, p]) => [name.toLowerCase(), p.content] as const),
  );
  const numbered = (text: string) => text.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
  // One pass, so a substitution's own text (a name with "$2" in it) is never read as a placeholder.
  return entry.message
    .split('$$')
    .map((part) =>
      part.replace(/\$([A-Za-z0-9_@]+)\$|\$(\d)/g, (all, name: string | undefined, n: string | undefined) => {
        if (n) return subs[Number(n) - 1] ?? '';
        const content = placeholders.get(name!.toLowerCase());
        return content === undefined ? all : numbered(content);
      }),
    )
    .join('$');
}

/** The numbered substitutions (1, 2, …) a message uses, through its placeholders or directly. */
export function substitutionsOf(entry: MessageEntry): number[] {
  const text = [entry.message, ...Object.values(entry.placeholders ?? {}).map((p) => p.content)].join(' ');
  return [...new Set([...text.matchAll(/\$(\d)/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
}

/**
 * The browser's lookup, typed by our own key type (WXT also types it, from a file `wxt prepare` writes, which
 * a fresh message would need before it type-checks).
 */
export interface Lookup {
  getMessage(key: string, subs: string[]): string;
}
