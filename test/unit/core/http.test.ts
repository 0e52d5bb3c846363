import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, requestJson, type FetchLike, type HttpDeps } from '../../../src/core';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(() => sim.close());

const waits: number[] = [];
const deps = (policy: HttpDeps['policy'] = {}): HttpDeps => ({
  fetch: (url, init) => fetch(url, init),
  sleep: async (ms) => void waits.push(ms),
  policy: { backoffMs: 10, ...policy },
});

async function fault(kind: '429' | '500' | 'timeout', count: number, pathPrefix = '/v0/tokens') {
  await fetch(`${sim.url}/dev/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind, count, pathPrefix }) });
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
    const { status } = await requestJson(deps({ timeoutMs: 300 }), { url: `${sim.url}/v0/tokens` });
    expect(status).toBe(200);
    expect(waits).toEqual([10]);
  });

  it('does not retry a 400 and keeps its parsed body', async () => {
    const error = (await requestJson(deps(), { url: `${sim.url}/v0/quote`, method: 'POST', body: { dry: true } }).catch((e: unknown) => e)) as HttpError;
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({ message: expect.any(String), correlationId: expect.any(String) });
  });
});

describe('requestJson edge cases', () => {
  const fakeFetch = (status: number, text: string, headers: Record<string, string> = {}): FetchLike =>
    async () => ({ status, headers: { get: (n: string) => headers[n.toLowerCase()] ?? null }, text: async () => text });

  it('honours Retry-After (capped) and reports non-JSON success as a parse error', async () => {
    const seen: number[] = [];
    let calls = 0;
    const flaky: FetchLike = async (...a) => (++calls === 1 ? fakeFetch(429, '{}', { 'retry-after': '2' })(...a) : fakeFetch(200, 'not json')(...a));
    const error = await requestJson({ fetch: flaky, sleep: async (ms) => void seen.push(ms), policy: { maxBackoffMs: 1500 } }, { url: 'x' }).catch((e: unknown) => e);
    expect(seen).toEqual([1500]);
    expect(error).toMatchObject({ kind: 'parse' });
  });

  it('reports network failures and cancellation distinctly', async () => {
    const down: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(requestJson({ fetch: down, sleep: async () => {}, policy: { retries: 1 } }, { url: 'x' })).rejects.toMatchObject({ kind: 'network' });
    const controller = new AbortController();
    controller.abort();
    const hang: FetchLike = (_, init) => new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    await expect(requestJson({ fetch: hang, sleep: async () => {} }, { url: 'x', signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted' });
  });
});
