// The demo dApp is served by the running simulator: the page (with the bus key) and its script.

import { describe, expect, it } from 'vitest';
import { simulatorPerFile } from '../../support/simulatorPerFile';

const sim = simulatorPerFile();

describe('GET /demo', () => {
  it('serves the page with the local bus key and a link to its script', async () => {
    const res = await fetch(`${sim.url}/demo`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`<meta name="sim-bus-key" content="${sim.busApiKey}" />`);
    expect(html).not.toContain('%BUS_API_KEY%');
    expect(html).toContain('src="/demo/demo.js"');
  });

  it('serves the script as JavaScript, using every step of the guide', async () => {
    const res = await fetch(`${sim.url}/demo/demo.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const js = await res.text();
    for (const name of [
      'intents:requestProvider',
      'intents:announceProvider',
      'intents_requestAccounts',
      'intents_signMessage',
      'intents_publishIntents',
      'intents_getIntentStatus',
      'intents_disconnect',
      '/dev/fund',
      "'quote'",
    ]) {
      expect(js).toContain(name);
    }
  });

  it('redirects /demo/ to /demo', async () => {
    const res = await fetch(`${sim.url}/demo/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/demo');
  });
});
