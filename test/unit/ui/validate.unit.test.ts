import { describe, expect, it } from 'vitest';
import {
  accountIdProblem,
  autoLockProblem,
  httpUrlProblem,
  labelProblem,
  newPasswordProblem,
  passwordLengthProblem,
  passwordMatchProblem,
  phraseProblem,
  phraseWords,
  publicKeyProblem,
  secretKeyProblem,
} from '../../../src/ui/validate';

const PK = 'ed25519:DcA2MzgpJbrUATQLLceocVckhhAqrkingax4oJ9kZ847';
const SEED = '3D4YudUahN1nawWogh8pAKSj92sUNMdbZGjn7kERKzYoTy8tnFQuwoGUC51DowKqorvkr2pytJSnwuSbsNVfqygr';

describe('passwords', () => {
  it('asks for at least 10 characters', () => {
    expect(passwordLengthProblem('123456789')).toBe('Use at least 10 characters');
    expect(passwordLengthProblem('1234567890')).toBeNull();
  });
  it('asks for a matching confirmation', () => {
    expect(passwordMatchProblem('correct horse', 'correct hors')).toBe('The two passwords do not match');
    expect(passwordMatchProblem('correct horse', 'correct horse')).toBeNull();
  });
  it('reports length before mismatch', () => {
    expect(newPasswordProblem('short', 'other')).toMatch(/10 characters/);
    expect(newPasswordProblem('long enough pw', 'long enough pw')).toBeNull();
  });
});

describe('httpUrlProblem', () => {
  it.each(['http://127.0.0.1:4000', 'https://1click.chaindefuser.com/', ' https://rpc.example.org/path?x=1 '])(
    'accepts %s',
    (url) => {
      expect(httpUrlProblem(url)).toBeNull();
    },
  );
  it.each([
    ['', 'Enter a URL'],
    ['127.0.0.1:4000', 'http'],
    ['not a url', 'Not a URL'],
    ['ftp://example.org', 'http:// or https://'],
    ['javascript:alert(1)', 'http:// or https://'],
    ['https://user:pw@example.org', 'credentials'],
  ])('rejects %j', (url, says) => {
    expect(httpUrlProblem(url)).toContain(says);
  });
});

describe('autoLockProblem', () => {
  it.each(['1', '15', '1440', ' 60 '])('accepts %j', (v) => expect(autoLockProblem(v)).toBeNull());
  it.each(['0', '1441', '-5', '1.5', 'ten', ''])('rejects %j', (v) => expect(autoLockProblem(v)).not.toBeNull());
});

describe('keys', () => {
  it('checks the public key text form', () => {
    expect(publicKeyProblem(PK)).toBeNull();
    expect(publicKeyProblem(` ${PK} `)).toBeNull();
    expect(publicKeyProblem(PK.slice(8))).not.toBeNull(); // no curve prefix
    expect(publicKeyProblem(`${PK}0`)).not.toBeNull(); // 0 is not base58
    expect(publicKeyProblem('secp256k1:abc')).not.toBeNull();
    expect(publicKeyProblem('')).toBe('Paste a public key');
  });
  it('checks the secret key text form (32-byte seed or 64-byte seed ‖ public key)', () => {
    expect(secretKeyProblem(`ed25519:${SEED}`)).toBeNull();
    expect(secretKeyProblem(SEED)).toBeNull();
    expect(secretKeyProblem(PK)).toBeNull(); // a 32-byte value has the seed's length; the background decides
    expect(secretKeyProblem('ed25519:short')).not.toBeNull();
    expect(secretKeyProblem('')).toBe('Paste a secret key');
  });
});

describe('recovery phrases', () => {
  const twelve = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
  it('normalises spacing and case', () => {
    expect(phraseWords(`  ${twelve.toUpperCase().replaceAll(' ', ' \n\t')} `)).toEqual(twelve.split(' '));
  });
  it('accepts 12 or 24 words', () => {
    expect(phraseProblem(twelve)).toBeNull();
    expect(phraseProblem(`${twelve} ${twelve}`)).toBeNull();
  });
  it('counts the words it got', () => {
    expect(phraseProblem('abandon about')).toBe('A recovery phrase has 12 or 24 words; this has 2');
    expect(phraseProblem('   ')).toBe('Enter your recovery phrase');
  });
});

describe('accounts', () => {
  it.each(['alice.near', 'a1', 'sub.alice.near', 'my_account-1.testnet', 'a'.repeat(64)])('accepts %s', (id) => {
    expect(accountIdProblem(id)).toBeNull();
  });
  it.each(['', 'A', 'Alice.near', 'alice..near', '-alice.near', 'a'.repeat(65), 'alice near'])('rejects %j', (id) => {
    expect(accountIdProblem(id)).not.toBeNull();
  });
  it('names need text and stay short', () => {
    expect(labelProblem('  ')).toBe('Enter a name');
    expect(labelProblem('Savings')).toBeNull();
    expect(labelProblem('x'.repeat(65))).not.toBeNull();
  });
});
