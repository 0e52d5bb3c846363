// Reading the stored vault record (src/vault/record.ts, readRecord): a well-formed record is taken
// as it is; anything else is refused with a reason and the code the wallet acts on (corrupted, or
// unsupported_version for a record a newer version wrote), never repaired.
import { describe, expect, it } from 'vitest';
import { base64, utf8 } from '../../../src/core';
import { MIN_ITERATIONS, RECORD_VERSION, readRecord, VaultError } from '../../../src/vault';
import { deriveKeyBytes, openRecord, writeRecord } from '../../../src/vault/record';
import { random } from './helpers';

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
    for (const ciphertext of ['', '!!!'])
      expect(refusal({ ...good(), data: { iv: b64(12), ciphertext } }).message).toContain(
        '(data.ciphertext: must be base64)',
      );
    expect(refusal({ ...good(), check: { iv: '!!!', ciphertext: b64(48) } }).message).toContain(
      '(check.iv: must be base64 of 12 bytes)',
    );
  });
});

describe('openRecord', () => {
  async function written() {
    const salt = new Uint8Array(32).fill(3);
    const keyBytes = await deriveKeyBytes('a long password', salt, 1000);
    const record = await writeRecord({ keyBytes, salt, iterations: 1000 }, utf8.encode('{"a":1}'), random);
    return { record, keyBytes };
  }
  const flip = (b64text: string) => {
    const bytes = base64.decode(b64text);
    bytes[0]! ^= 1;
    return base64.encode(bytes);
  };
  async function outcome(p: Promise<unknown>): Promise<[string, string]> {
    try {
      await p;
      return ['ok', ''];
    } catch (e) {
      if (e instanceof VaultError) return [e.code, e.message];
      throw e;
    }
  }

  it('opens with the key it was written under, and says a wrong key is a wrong password', async () => {
    const { record, keyBytes } = await written();
    expect(utf8.decode(await openRecord(record, keyBytes))).toBe('{"a":1}');
    expect(await outcome(openRecord(record, random(32)))).toEqual(['wrong_password', 'Wrong password.']);
    const badCheck = { ...record, check: { ...record.check, ciphertext: flip(record.check.ciphertext) } };
    expect(await outcome(openRecord(badCheck, keyBytes))).toEqual(['wrong_password', 'Wrong password.']);
  });

  it('says the record is damaged when the check opens and the data does not', async () => {
    const { record, keyBytes } = await written();
    const badData = { ...record, data: { ...record.data, ciphertext: flip(record.data.ciphertext) } };
    expect(await outcome(openRecord(badData, keyBytes))).toEqual([
      'corrupted',
      'The stored vault is damaged (its data does not decrypt). It was left untouched.',
    ]);
  });
});
