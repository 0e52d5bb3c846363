// The message-bus client against the simulator's bus: the API key goes as X-API-Key only to the bus
// origin it is bound to, never through a redirect; without it the bus answers 401.

import { describe, expect, it } from 'vitest';
import { MessageBusClient, RpcError } from '../../../src/bus';
import type { FetchLike, HttpDeps } from '../../../src/core';
import { simulatorPerFile } from '../../support/simulatorPerFile';

const sim = simulatorPerFile();

function recording() {
  const calls: { url: string; init: Parameters<FetchLike>[1] }[] = [];
  const deps: HttpDeps = {
    fetch: async (url, init) => {
      calls.push({ url, init });
      return fetch(url, init);
    },
    sleep: async () => {},
    policy: { retries: 0 },
  };
  return { calls, deps };
}

describe('message bus API key', () => {
  it('is sent as X-API-Key with redirects refused, to the bus origin it is bound to', async () => {
    const { calls, deps } = recording();
    const bus = new MessageBusClient({
      url: sim.urls.bus,
      apiKey: { value: sim.busApiKey, origins: [new URL(sim.urls.bus).origin] },
      deps,
    });
    expect(await bus.getStatus('11111111111111111111111111111111')).toMatchObject({ status: 'NOT_FOUND_OR_NOT_VALID' });
    expect(calls[0]!.init).toMatchObject({ headers: { 'x-api-key': sim.busApiKey }, redirect: 'manual' });
  });

  it('is left off for a bus at another origin, which then refuses the call', async () => {
    const { calls, deps } = recording();
    const other = sim.urls.bus.replace('127.0.0.1', 'localhost');
    const bus = new MessageBusClient({
      url: other,
      apiKey: { value: sim.busApiKey, origins: [new URL(sim.urls.bus).origin] },
      deps,
    });
    const error = await bus.getStatus('11111111111111111111111111111111').catch((e: unknown) => e);
    expect(calls[0]!.init.headers).not.toHaveProperty('x-api-key');
    expect(error).not.toBeInstanceOf(RpcError); // HTTP 401 from the bus
    expect(error).toMatchObject({ status: 401 });
  });
});
