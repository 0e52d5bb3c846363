// Reading the stored vault record (src/vault/record.ts, readRecord): a well-formed record is taken
// as it is; anything else is refused with a reason and the code the wallet acts on (corrupted, or
// unsupported_version for a record a newer version wrote), never repaired.
import { describe, expect, it } from 'vitest';
import { base64 } from '../../../src/core';
import { MIN_ITERATIONS, RECORD_VERSION, readRecord, VaultError } from '../../../src/vault';

const b64 = (n: number) => base64.encode(new Uint8Array(n).fill(7));
const good = () => ({
  format: 'intents-companion-vault',
  version: RECORD_VERSION,
  kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: MIN_ITERATIONS, salt: b64(32) },
  cipher: { name: 'AES-GCM', keyLength: 256 },
  check: { iv: b64(12), ciphertext: b64(48) },
  data: { iv: b64(12), ciphertext: b64(100) },
});

function refusal(raw: unknown): VaultError {
  try {
    readRecord(raw);
  } catch (e) {
    if (e instanceof VaultError) return e;
    throw e;
  }
  throw new Error('readRecord accepted it');
}

describe('readRecord', () => {
  it('takes a well-formed record as it is', () => {
    expect(readRecord(good())).toEqual(good());
  });

  it('refuses what is not an object, or not a vault record', () => {
    for (const raw of [null, undefined, 'text', 3, [good()]]) {
      expect(refusal(raw)).toMatchObject({ code: 'corrupted', message: expect.stringMatching(/not an object/) });
    }
    expect(refusal({ ...good(), format: 'other' })).toMatchObject({
      code: 'corrupted',
      message: expect.stringMatching(/unknown format/),
    });
  });

  it('says a newer version wrote it, naming the version', () => {
    expect(refusal({ ...good(), version: RECORD_VERSION + 1 })).toMatchObject({
      code: 'unsupported_version',
      message: expect.stringContaining(`record v${RECORD_VERSION + 1}`),
    });
  });

  it('names the damaged field of a record that fails its schema', () => {
    const fewIterations = good();
    fewIterations.kdf.iterations = MIN_ITERATIONS - 1;
    expect(refusal(fewIterations)).toMatchObject({
      code: 'corrupted',
      message: expect.stringMatching(/^The stored vault is damaged \(kdf\.iterations: .+\)\. It was left untouched\.$/),
    });
    const shortSalt = good();
    shortSalt.kdf.salt = b64(31);
    expect(refusal(shortSalt).message).toContain('kdf.salt: must be base64 of 32 bytes');
    expect(refusal({ ...good(), extra: 1 }).message).toMatch(/\(record: /);
    expect(refusal({ ...good(), version: 0 }).message).toMatch(/\(version: /);
    expect(refusal({ ...good(), version: '1' }).message).toMatch(/\(version: /);
  });
});
