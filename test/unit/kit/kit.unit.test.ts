// The dApp kit (src/kit): a dApp written against it type-checks, and misuse of its types does not; its
// copy of the provider's names and codes equals the wallet's own (src/provider/protocol.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as kit from '../../../src/kit/index';
import { ERROR_CODES, METHODS, PROVIDER_EVENTS } from '../../../src/provider/protocol';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const KIT_APP = path.join(ROOT, 'test/e2e/kit');

/** Diagnostics of the kit dApp's project, with `extra` source added as another file beside dapp.ts. */
function diagnostics(extra?: string): string[] {
  const configPath = path.join(KIT_APP, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('test/e2e/kit/tsconfig.json could not be read');
  const planted = path.join(KIT_APP, 'planted.ts');
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.readFile = (f) => (extra !== undefined && path.resolve(f) === planted ? extra : read(f));
  host.fileExists = (f) => (extra !== undefined && path.resolve(f) === planted) || exists(f);
  const roots = extra === undefined ? config.fileNames : [...config.fileNames, planted];
  const program = ts.createProgram(roots, config.options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.relative(ROOT, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

describe('the kit’s types', () => {
  it('a dApp written against the kit type-checks', () => {
    expect(diagnostics()).toEqual([]);
  }, 60_000);

  it('misuse does not: wrong params, a wrong event payload, an unknown method', () => {
    const planted = `
      import { discover } from '@intents-companion/dapp-kit';
      export async function misuse() {
        const w = (await discover())!;
        await w.request('intents_getIntentStatus', { hash: 'x' });
        w.on('networkChanged', (n: { chainId: number }) => n);
        await w.request('eth_chainId');
        const a: number = (await w.network()).network;
        return a;
      }`;
    const found = diagnostics(planted).filter((d) => d.startsWith('test/e2e/kit/planted.ts'));
    expect(found).toHaveLength(4);
  }, 60_000);
});

describe('the kit’s names and codes are the wallet’s', () => {
  it('methods, events and error codes', () => {
    expect(kit.METHODS).toEqual(METHODS);
    expect([...kit.EVENTS].sort()).toEqual([...PROVIDER_EVENTS].sort());
    expect(kit.ERROR_CODES).toEqual(ERROR_CODES);
  });

  it('IntentsKitError reads what the provider rejects with', () => {
    const e = kit.IntentsKitError.from({
      code: 4900,
      message: 'The message bus could not be reached',
      data: { service: 'bus', httpStatus: null, setting: 'endpoints.bus' },
    });
    expect(e).toBeInstanceOf(Error);
    expect(e.serviceFailure).toEqual({ service: 'bus', httpStatus: null, setting: 'endpoints.bus' });
    expect(kit.IntentsKitError.from({ code: -32010, message: 'x' }).expired).toBe(true);
    expect(kit.IntentsKitError.from({ code: 4001, message: 'x' }).rejected).toBe(true);
    expect(kit.IntentsKitError.from(new Error('boom'))).toMatchObject({ code: -32603, message: 'boom' });
  });
});
