import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialOrigin, type FetchLike, type HttpDeps, HttpError, requestJson } from '../../../src/core';
import { simulatorPerFile } from '../../support/simulatorPerFile';

const sim = simulatorPerFile();

const waits: number[] = [];
const deps = (policy: HttpDeps['policy'] = {}): HttpDeps => ({
  fetch: (url, init) => fetch(url, init),
  sleep: async (ms) => void waits.push(ms),
  policy: { backoffMs: 10, ...policy },
});

async function fault(kind: '429' | '500' | 'timeout', count: number, pathPrefix = '/v0/tokens') {
  await fetch(`${sim.url}/dev/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind, count, pathPrefix }),
  });
}

describe('requestJson against the simulator with injected faults', () => {
  it('retries 429 and 500 with exponential backoff, then succeeds', async () => {
    waits.length = 0;
    await fault('429', 1);
    await fault('500', 1);
    const { status, json } = await requestJson(deps(), { url: `${sim.url}/v0/tokens` });
    expect(status).toBe(200);
    expect(Array.isArray(json)).toBe(true);
    expect(waits).toEqual([10, 20]);
  });

  it('gives up after the retry budget with the server message', async () => {
    await fault('500', 5);
    const error = await requestJson(deps({ retries: 2 }), { url: `${sim.url}/v0/tokens` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'http', status: 500, message: 'Internal server error (injected fault)' });
    await fetch(`${sim.url}/dev/faults`, { method: 'DELETE' });
  });

  it('times out a hanging request and retries it', async () => {
    waits.length = 0;
    await fault('timeout', 1);
    // Real time: the client's own per-attempt timeout is what is tested. Long enough that the answered
    // retry is never cut short on a busy machine; the held attempt costs that much once.
    const { status } = await requestJson(deps({ timeoutMs: 2_000 }), { url: `${sim.url}/v0/tokens` });
    expect(status).toBe(200);
    expect(waits).toEqual([10]);
  });

  it('does not retry a 400 and keeps its parsed body', async () => {
    const error = (await requestJson(deps(), { url: `${sim.url}/v0/quote`, method: 'POST', body: { dry: true } }).catch(
      (e: unknown) => e,
    )) as HttpError;
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({ message: expect.any(String), correlationId: expect.any(String) });
  });
});

describe('requestJson edge cases', () => {
  const fakeFetch =
    (status: number, text: string, headers: Record<string, string> = {}): FetchLike =>
    async () => ({ status, headers: { get: (n: string) => headers[n.toLowerCase()] ?? null }, text: async () => text });

  it('honours Retry-After (capped) and reports non-JSON success as a parse error', async () => {
    const seen: number[] = [];
    let calls = 0;
    const flaky: FetchLike = async (...a) =>
      ++calls === 1 ? fakeFetch(429, '{}', { 'retry-after': '2' })(...a) : fakeFetch(200, 'not json')(...a);
    const error = await requestJson(
      { fetch: flaky, sleep: async (ms) => void seen.push(ms), policy: { maxBackoffMs: 1500 } },
      { url: 'x' },
    ).catch((e: unknown) => e);
    expect(seen).toEqual([1500]);
    expect(error).toMatchObject({ kind: 'parse' });
  });

  it('reports network failures and cancellation distinctly', async () => {
    const down: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(
      requestJson({ fetch: down, sleep: async () => {}, policy: { retries: 1 } }, { url: 'x' }),
    ).rejects.toMatchObject({ kind: 'network' });
    const controller = new AbortController();
    controller.abort();
    const hang: FetchLike = (_, init) =>
      new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    await expect(
      requestJson({ fetch: hang, sleep: async () => {} }, { url: 'x', signal: controller.signal }),
    ).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('credentials on the wire', () => {
  it('allows https anywhere and http only to loopback', () => {
    expect(credentialOrigin('https://1click.chaindefuser.com/v0')).toBe('https://1click.chaindefuser.com');
    expect(credentialOrigin('http://127.0.0.1:3999/rpc')).toBe('http://127.0.0.1:3999');
    expect(credentialOrigin('http://127.1:3999')).toBe('http://127.0.0.1:3999');
    expect(credentialOrigin('http://127.255.0.9')).toBe('http://127.255.0.9');
    expect(credentialOrigin('http://LOCALHOST:8080')).toBe('http://localhost:8080');
    expect(credentialOrigin('http://[::1]:8080/x')).toBe('http://[::1]:8080');
    for (const url of [
      'http://example.com',
      'http://127.0.0.1.example.com',
      'http://localhost.example.com',
      'http://128.0.0.1',
      'http://[::ffff:127.0.0.1]',
      'ftp://127.0.0.1',
      'not a url',
    ]) {
      expect(credentialOrigin(url), url).toBeNull();
    }
  });

  /** A fetch that records what it was asked, and answers {}. */
  function recorder() {
    const calls: { url: string; init: Parameters<FetchLike>[1] }[] = [];
    const fetch: FetchLike = async (url, init) => {
      calls.push({ url, init });
      return { status: 200, headers: { get: () => null }, text: async () => '{}' };
    };
    return { calls, deps: { fetch, sleep: async () => {} } satisfies HttpDeps };
  }
  const auth = {
    headers: { authorization: 'Bearer s3cret' },
    origins: ['https://swap.example', 'http://127.0.0.1:3999'],
  };

  it('attaches a credential only to its own origins; every request, credentialed or not, refuses redirects', async () => {
    const { calls, deps } = recorder();
    await requestJson(deps, { url: 'https://swap.example/v0/quote', auth });
    await requestJson(deps, { url: 'http://127.0.0.1:3999/v0/status', auth });
    await requestJson(deps, { url: 'https://other.example/v0/quote', auth });
    await requestJson(deps, { url: 'https://swap.example/v0/tokens' });
    expect(calls.map((c) => [c.init.headers.authorization, c.init.redirect])).toEqual([
      ['Bearer s3cret', 'manual'],
      ['Bearer s3cret', 'manual'],
      [undefined, 'manual'],
      [undefined, 'manual'],
    ]);
  });

  it("a browser's opaque-redirect answer is a redirect error, asked once and never retried", async () => {
    let calls = 0;
    const opaque: FetchLike = async () => {
      calls++;
      return { status: 0, type: 'opaqueredirect', headers: { get: () => null }, text: async () => '' };
    };
    const error = await requestJson(
      { fetch: opaque, sleep: async () => {} },
      { url: 'https://rpc.example/path', method: 'POST', body: { a: 1 } },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'redirect',
      message: expect.stringMatching(
        /^https:\/\/rpc\.example answered with a redirect\. The wallet follows no redirect/,
      ),
    });
    expect(calls).toBe(1);
  });

  it('never sends a credential over plain http to another host, even when its origins say so', async () => {
    const { calls, deps } = recorder();
    await requestJson(deps, {
      url: 'http://example.com/rpc',
      auth: { headers: { 'x-api-key': 'k' }, origins: ['http://example.com'] },
    });
    expect(calls[0]!.init.headers).not.toHaveProperty('x-api-key');
  });

  describe('a real redirect', () => {
    const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
    let target: Server;
    let redirector: Server;
    let targetUrl = '';
    let redirectUrl = '';
    const listen = async (server: Server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    beforeAll(async () => {
      target = createServer((req, res) => {
        seen.push({ path: req.url ?? '', headers: req.headers });
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      });
      targetUrl = await listen(target);
      redirector = createServer((req, res) => {
        res.statusCode = 302;
        res.setHeader('location', `${targetUrl}${req.url ?? '/'}`);
        res.end();
      });
      redirectUrl = await listen(redirector);
    });
    afterAll(async () => {
      await Promise.all([target, redirector].map((s) => new Promise((r) => s.close(r))));
    });
    const realDeps: HttpDeps = {
      fetch: (url, init) => fetch(url, init),
      sleep: async () => {},
      policy: { retries: 0 },
    };

    it('a credentialed request answered 302 fails; neither Authorization nor X-API-Key reaches the redirect target', async () => {
      seen.length = 0;
      // Bound to both origins, so only the redirect rule can keep it from the target.
      // X-API-Key too: fetch drops only Authorization on a cross-origin redirect by itself.
      const origins = [new URL(redirectUrl).origin, new URL(targetUrl).origin];
      for (const headers of [{ authorization: 'Bearer s3cret' }, { 'x-api-key': 's3cret' }] as Record<
        string,
        string
      >[]) {
        const error = await requestJson(realDeps, { url: `${redirectUrl}/v0/quote`, auth: { headers, origins } }).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(HttpError);
      }
      expect(seen.filter((r) => r.headers.authorization !== undefined || r.headers['x-api-key'] !== undefined)).toEqual(
        [],
      );
      expect(seen).toEqual([]);
    });

    it('a request without a credential answered 302 or 307 fails as a redirect too: the target sees nothing, not even the body', async () => {
      seen.length = 0;
      // The target answers what a request would want, so only the redirect rule keeps it from being used.
      expect((await requestJson(realDeps, { url: `${targetUrl}/v0/tokens` })).json).toEqual({ ok: true });
      seen.length = 0;
      for (const [method, body] of [
        ['GET', undefined],
        ['POST', { signature: 'ed25519:secret' }],
      ] as const) {
        const error = await requestJson(realDeps, { url: `${redirectUrl}/ledger-rpc`, method, body }).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(HttpError);
        expect(error).toMatchObject({ kind: 'redirect', message: expect.stringContaining('(HTTP 302)') });
      }
      expect(seen).toEqual([]);
    });
  });
});
