// The production KDF parameters. The other vault tests lower the floor and the count (FAST_KDF in
// ./helpers.ts) so that a key derivation takes milliseconds; this file holds what production uses: a
// vault built without them writes DEFAULT_ITERATIONS, refuses fewer than MIN_ITERATIONS, and no
// production code lowers them (docs/testing.md, "Mutation testing").
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ITERATIONS, MIN_ITERATIONS, memoryVaultStorage, RECORD_KEY, Vault } from '../../../src/vault';
import { code, FAST_KDF, PASSWORD, random } from './helpers';

const SRC = fileURLToPath(new URL('../../../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('production KDF parameters', () => {
  it('are OWASP’s floor of 600 000 and 900 000 for new records', () => {
    expect(MIN_ITERATIONS).toBe(600_000);
    expect(DEFAULT_ITERATIONS).toBe(900_000);
  });

  it('a vault built without options writes DEFAULT_ITERATIONS', async () => {
    const storage = memoryVaultStorage();
    await new Vault({ storage, random }).create(PASSWORD);
    expect((storage.data.get(RECORD_KEY) as { kdf: { iterations: number } }).kdf.iterations).toBe(DEFAULT_ITERATIONS);
  });

  it('a vault built without options refuses fewer iterations than the floor, to write or to read', async () => {
    expect(() => new Vault({ storage: memoryVaultStorage(), random, iterations: MIN_ITERATIONS - 1 })).toThrow(
      `iterations must be at least ${MIN_ITERATIONS}`,
    );
    // A record written at the lowered test floor is damaged to a production vault, before any derivation.
    const storage = memoryVaultStorage();
    await new Vault({ storage, random, ...FAST_KDF }).create(PASSWORD);
    const written = structuredClone(storage.data.get(RECORD_KEY));
    expect(await code(new Vault({ storage, random }).unlock(PASSWORD))).toBe('corrupted');
    expect(storage.data.get(RECORD_KEY)).toEqual(written);
    // With its own floor, the test vault opens it.
    expect(await code(new Vault({ storage, random, ...FAST_KDF }).unlock(PASSWORD))).toBe('ok');
  });

  it('no production code lowers the floor: only the vault reads minIterations', () => {
    const naming = sourceFiles(SRC)
      .filter((f) => readFileSync(f, 'utf8').includes('minIterations'))
      .map((f) => path.relative(SRC, f));
    expect(naming.sort()).toEqual([path.join('vault', 'record.ts'), path.join('vault', 'vault.ts')]);
  });
});
