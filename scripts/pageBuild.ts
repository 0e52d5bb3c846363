// Vite plugins for the extension pages' build (wxt.config.ts). What a page costs before its first screen
// is mostly the number of files the browser must fetch and compile before its script may run
// (docs/architecture.md, "Budgets"), so each page gets one script and no stylesheet request:
// - ownCopyPerPage: WXT bundles all extension pages in one build, and a bundler puts what two pages
//   share (Preact, the wallet client, the shared components) in chunks of its own, so the popup loaded
//   four modules. Every module the other pages import is given a per-page id, so each page's entry
//   chunk holds its own copy and the popup's first screen is one file (its lazy screens stay apart).
// - entryHoldsItsImports: a bundler may still put a module that a page's entry and its lazy screens share
//   in a chunk of its own (Rolldown merges such a chunk back into the entry only when it can prove that
//   safe, and a change elsewhere in the graph can defeat the proof); each page's entry is told to hold
//   everything it imports statically.
// - inlinePageCss: the page's stylesheet goes into a <style> in its HTML. A linked stylesheet holds back
//   the module script until it has loaded; inline, it costs only its parse.
// - noEmptyPluginScript: WXT adds `virtual:wxt-html-plugins` to every page to start WXT plugins; this
//   extension uses none, so the module is empty, yet it was one more file before the page's script.
import type { Plugin } from 'vite';

const tag = (page: string) => `page=${page}`;
/** Vite's loader for lazy chunks (and their CSS), imported by every module that has an import(). */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/** Each page but `first` imports its own copies of modules (resolved ids get `?page=<name>`). */
export function ownCopyPerPage(first: string, pages: string[]): Plugin {
  const others = pages.filter((p) => p !== first);
  const pageOf = (importer: string): string | undefined =>
    others.find(
      (p) =>
        importer.includes(`/entrypoints/${p}/`) || importer.includes(`?${tag(p)}`) || importer.includes(`&${tag(p)}`),
    );
  return {
    name: 'intents:own-copy-per-page',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const page = importer ? pageOf(importer) : undefined;
      if (!page || source.includes(tag(page))) return null;
      if (source === PRELOAD_HELPER) return `${PRELOAD_HELPER}?${tag(page)}`;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      // Virtual modules (\0…) answer only to their exact id; the page's own files are its already.
      if (
        !resolved ||
        resolved.external ||
        resolved.id.startsWith('\0') ||
        resolved.id.includes(`/entrypoints/${page}/`)
      )
        return resolved;
      return { ...resolved, id: `${resolved.id}${resolved.id.includes('?') ? '&' : '?'}${tag(page)}` };
    },
    async load(id) {
      // A page's own copy of Vite's preload helper: the same code as the shared one.
      if (!id.startsWith(`${PRELOAD_HELPER}?`)) return null;
      const shared = await this.load({ id: PRELOAD_HELPER });
      if (shared.code === null) throw new Error(`${PRELOAD_HELPER} has no code to copy`);
      return shared.code;
    },
  };
}

/**
 * Moves each page's linked stylesheet into its HTML and drops the file. A stylesheet that a lazily
 * loaded chunk imports too stays linked and shipped: Vite's loader looks for the <link> to know it is
 * loaded, and would add the file again.
 */
export function inlinePageCss(): Plugin {
  return {
    name: 'intents:inline-page-css',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const lazyCss = new Set<string>();
      for (const o of Object.values(bundle)) {
        if (o.type === 'chunk' && !o.isEntry) for (const css of o.viteMetadata?.importedCss ?? []) lazyCss.add(css);
      }
      const inlined = new Set<string>();
      for (const html of Object.values(bundle)) {
        if (html.type !== 'asset' || !html.fileName.endsWith('.html')) continue;
        html.source = String(html.source).replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g,
          (link, file: string) => {
            const css = bundle[file];
            if (css?.type !== 'asset' || lazyCss.has(file)) return link;
            inlined.add(file);
            return `<style>${String(css.source)}</style>`;
          },
        );
      }
      // Dropped once every page has its copy (two pages may link the same file).
      for (const file of inlined) delete bundle[file];
    },
  };
}

/** Drops WXT's plugin loader from the pages when `wxtPlugins` is empty (the module it loads is then empty). */
export function noEmptyPluginScript(wxtPlugins: () => readonly string[]): Plugin {
  return {
    name: 'intents:no-empty-plugin-script',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (wxtPlugins().length > 0) return html;
        return html.replace(/<script\b[^>]*\bsrc="virtual:wxt-html-plugins"[^>]*><\/script>/, '');
      },
    },
  };
}

/**
 * Gives each page's chunk every module its entry reaches through static imports: one code-splitting group per
 * page (https://rolldown.rs/in-depth/manual-code-splitting), whose test is the page's static import graph as
 * parsed. Lazy chunks then import what they share with the page from the page's own chunk.
 */
export function entryHoldsItsImports(pages: string[]): Plugin {
  const imports = new Map<string, readonly string[]>();
  const reach = new Map<string, Set<string>>();
  const graphOf = (page: string): Set<string> => {
    const known = reach.get(page);
    if (known) return known;
    const entry = [...imports.keys()].find((id) => id.endsWith(`/entrypoints/${page}/index.html`));
    if (!entry) throw new Error(`entryHoldsItsImports: no entry parsed for the page ${page}`);
    const seen = new Set([entry]);
    for (const id of seen) for (const next of imports.get(id) ?? []) seen.add(next);
    reach.set(page, seen);
    return seen;
  };
  return {
    name: 'intents:entry-holds-its-imports',
    buildStart() {
      imports.clear();
      reach.clear();
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
    outputOptions(options) {
      const groups = pages.map((page) => ({ name: page, test: (id: string) => graphOf(page).has(id), priority: 10 }));
      return { ...options, codeSplitting: { groups } };
    },
  };
}
