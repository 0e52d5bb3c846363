/**
 * The demo dApp (`GET /demo`, `GET /demo/demo.js`): a plain page and script that use the wallet the
 * way a dApp does, through the dApp kit (`GET /demo/kit/<module>.js`: src/kit compiled to JavaScript
 * by TypeScript as it is served), against this simulator. The files sit beside this module and are read once at
 * start; the page gets the simulator's local bus key (a development key, never a real one).
 */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import ts from 'typescript';
import type { SimContext } from '../context';

const read = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');

const escapeAttribute = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function demoRoutes(ctx: SimContext): Hono {
  const html = read('demo.html').replace('%BUS_API_KEY%', escapeAttribute(ctx.busApiKey));
  const script = read('demo.js');
  const app = new Hono();
  app.get('/demo', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.html(html);
  });
  app.get('/demo/', (c) => c.redirect('/demo'));
  app.get('/demo/demo.js', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  // The kit's browser modules only (its server side is for servers).
  const kit = new Map(
    ['index', 'discover', 'errors', 'protocol', 'wallet'].map((name) => [
      `${name}.js`,
      ts.transpileModule(readFileSync(new URL(`../../kit/${name}.ts`, import.meta.url), 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText,
    ]),
  );
  app.get('/demo/kit/:file', (c) => {
    const body = kit.get(c.req.param('file'));
    if (body === undefined) return c.notFound();
    c.header('Cache-Control', 'no-store');
    return c.body(body, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  return app;
}
