// The build glue of scripts/pageBuild.ts (and the relay's plugin in wxt.config.ts) leans on internals of
// WXT and Vite that no public API promises: the id WXT gives its page plugin loader, the order its HTML
// hook runs in, Vite's preload-helper id, its chunk metadata and the <link> it writes for a page's
// stylesheet. Each is pinned here by name, so an upgrade that moves one fails with the internal named,
// not with a popup that quietly loads three files again (docs/architecture.md, "Budgets"). Then the three
// plugins run in a real Vite build of a two-page fixture (test/fixtures/pageBuild) beside WXT's own
// loader, in the order wxt.config.ts puts them: one script per page, styles inline, nothing shared.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, Rollup } from 'vite';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { entryHoldsItsImports, inlinePageCss, noEmptyPluginScript, ownCopyPerPage } from '../../../scripts/pageBuild';
import { ROOT } from '../../support/docText';
import { sourceString } from '../../support/sourceConstants';

const WXT_HTML_PLUGINS = 'virtual:wxt-html-plugins';
const CONTENT_SCRIPT_CONTEXT = 'wxt/utils/content-script-context';
const PRELOAD_HELPER = sourceString('scripts/pageBuild.ts', 'PRELOAD_HELPER');

/** The files of an installed package's folder whose text contains `needle`. */
function filesWith(dir: string, needle: string, ext = /\.m?js$/): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(d, e.name)) : ext.test(e.name) ? [path.join(d, e.name)] : [],
    );
  return walk(path.join(ROOT, dir)).filter((f) => readFileSync(f, 'utf8').includes(needle));
}

/** How a string with a NUL may be written in a JS file: `\0`, `\x00`, `\u0000` or the byte itself. */
const spellings = (value: string) => ['\\0', '\\x00', '\\u0000', '\0'].map((nul) => value.replace('\0', nul));

/** WXT's plugin loader, found by the id it answers to (its file may move between WXT versions). */
async function wxtLoader(plugins: string[]): Promise<Plugin> {
  const files = filesWith('node_modules/wxt/dist', WXT_HTML_PLUGINS);
  if (files.length === 0) {
    throw new Error(
      `WXT's dist no longer mentions '${WXT_HTML_PLUGINS}': scripts/pageBuild.ts noEmptyPluginScript drops that script from every page, and must follow whatever WXT loads its page plugins with now`,
    );
  }
  for (const file of files) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const make = Object.values(mod).find(
      (v): v is (config: unknown) => Plugin => typeof v === 'function' && /pluginLoader/i.test(v.name),
    );
    if (make) return make({ command: 'build', plugins, dev: {} });
  }
  throw new Error(
    `WXT's dist mentions '${WXT_HTML_PLUGINS}' (${files.join(', ')}) but exports no *PluginLoader there any more`,
  );
}

const htmlHook = (p: Plugin) => {
  const hook = p.transformIndexHtml;
  if (!hook || typeof hook === 'function' || !('handler' in hook))
    throw new Error(`${p.name}: transformIndexHtml is not {order, handler} any more`);
  return hook as { order?: string | null; handler: (html: string, ctx: unknown) => unknown };
};

describe('the WXT and Vite internals scripts/pageBuild.ts relies on', () => {
  it(`WXT adds '${WXT_HTML_PLUGINS}' to each page in a 'pre' HTML hook, so noEmptyPluginScript (also 'pre', after it) can drop it`, async () => {
    const loader = await wxtLoader([]);
    const hook = htmlHook(loader);
    expect(
      hook.order,
      `WXT's ${loader.name} no longer runs its transformIndexHtml 'pre': noEmptyPluginScript ('pre') would run before the script exists`,
    ).toBe('pre');
    const page = readFileSync(path.join(ROOT, 'entrypoints/popup/index.html'), 'utf8');
    const withLoader = String(await hook.handler(page, {}));
    expect(withLoader, `WXT's ${loader.name} no longer adds <script src="${WXT_HTML_PLUGINS}"> to a page`).toContain(
      `src="${WXT_HTML_PLUGINS}"`,
    );
    const ours = htmlHook(noEmptyPluginScript(() => []));
    const without = String(await ours.handler(withLoader, {}));
    expect(
      without,
      `noEmptyPluginScript no longer recognises the <script> WXT writes: ${/<script[^>]*virtual:wxt[^>]*>/.exec(withLoader)?.[0]}`,
    ).not.toContain(WXT_HTML_PLUGINS);
    expect(without).toContain('src="./main.tsx"');
    // With a WXT plugin configured the loader has work to do and stays.
    expect(String(await htmlHook(noEmptyPluginScript(() => ['some-plugin'])).handler(withLoader, {}))).toContain(
      WXT_HTML_PLUGINS,
    );
  });

  it(`Vite still names its preload helper ${JSON.stringify(PRELOAD_HELPER)}, which ownCopyPerPage copies per page`, () => {
    const found = spellings(PRELOAD_HELPER).some((s) => filesWith('node_modules/vite/dist/node', s).length > 0);
    expect(
      found,
      `Vite's dist no longer has the module id ${JSON.stringify(PRELOAD_HELPER)}: scripts/pageBuild.ts PRELOAD_HELPER must follow Vite's preload helper`,
    ).toBe(true);
  });

  it('Vite still records the stylesheets a chunk imports in viteMetadata.importedCss (inlinePageCss leaves those linked)', () => {
    expect(
      filesWith('node_modules/vite/dist/node', 'viteMetadata.importedCss.add(').length,
      "Vite's dist no longer fills chunk.viteMetadata.importedCss: inlinePageCss reads it to keep a lazily loaded stylesheet linked",
    ).toBeGreaterThan(0);
  });

  it(`WXT's isolated-world content script still imports '${CONTENT_SCRIPT_CONTEXT}' (wxt.config.ts gives the relay an empty one)`, () => {
    expect(
      filesWith('node_modules/wxt/dist/virtual', `from "${CONTENT_SCRIPT_CONTEXT}"`).length,
      `WXT's content-script entry no longer imports '${CONTENT_SCRIPT_CONTEXT}': the relay's plugin in wxt.config.ts replaces that module by id`,
    ).toBeGreaterThan(0);
    expect(readFileSync(path.join(ROOT, 'wxt.config.ts'), 'utf8')).toContain(`'${CONTENT_SCRIPT_CONTEXT}'`);
  });
});

describe('the page plugins in a Vite build of two pages', () => {
  const fixture = path.join(ROOT, 'test/fixtures/pageBuild');
  const pages = ['popup', 'approve'];

  async function buildPages(): Promise<Rollup.OutputBundle> {
    const plugins = [
      ownCopyPerPage('popup', pages),
      entryHoldsItsImports(pages),
      await wxtLoader([]),
      noEmptyPluginScript(() => []),
      inlinePageCss(),
    ];
    const out = await build({
      root: fixture,
      configFile: false,
      logLevel: 'silent',
      plugins,
      build: {
        write: false,
        modulePreload: { polyfill: false },
        rollupOptions: {
          input: Object.fromEntries(pages.map((p) => [p, path.join(fixture, `entrypoints/${p}/index.html`)])),
        },
      },
    });
    const outputs = (Array.isArray(out) ? out : [out]) as Rollup.RollupOutput[];
    return Object.fromEntries(outputs.flatMap((o) => o.output.map((f) => [f.fileName, f])));
  }

  it('gives each page one script, its stylesheet inline, no shared chunk and no WXT loader; the lazy stylesheet stays a file', async () => {
    const bundle = await buildPages();
    const text = (f: Rollup.OutputAsset | Rollup.OutputChunk) => (f.type === 'asset' ? String(f.source) : f.code);
    for (const page of pages) {
      const html = text(bundle[`entrypoints/${page}/index.html`]!);
      const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
      const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts, `${page}: one script`).toHaveLength(1);
      expect(
        html,
        `${page}: noEmptyPluginScript let WXT's plugin loader through (a chunk of its own, preloaded)`,
      ).not.toContain('wxt-html-plugins');
      expect(
        links,
        `${page}: no stylesheet or modulepreload link; inlinePageCss matches Vite's <link rel="stylesheet" crossorigin href> only`,
      ).toEqual([]);
      expect(html, `${page}: its stylesheet inline`).toMatch(/<style>[^<]*--fg/);
      const entry = bundle[scripts[0]!.replace(/^\//, '')];
      expect(
        entry?.type === 'chunk' && entry.imports,
        `${page}: its entry chunk imports no other chunk (ownCopyPerPage)`,
      ).toEqual([]);
    }
    expect(
      Object.keys(bundle).filter((f) => f.includes('wxt-html-plugins')),
      "no chunk for WXT's plugin loader",
    ).toEqual([]);
    const css = Object.keys(bundle).filter((f) => f.endsWith('.css'));
    expect(css.map((f) => text(bundle[f]!)).join(''), 'only the lazily loaded stylesheet is left as a file').toMatch(
      /^[^-]*\.lazy\{color:#?\w+\}\s*$/,
    );
  });
});
