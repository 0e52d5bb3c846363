/**
 * The demo dApp (`GET /demo`, `GET /demo/demo.js`): a plain page and script that use the wallet the
 * way a dApp does, against this simulator. The files sit beside this module and are read once at
 * start; the page gets the simulator's local bus key (a development key, never a real one).
 */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
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
  return app;
}
