import { describe, expect, it } from 'vitest';
import { errorText } from '../../../src/core/errorText';

describe('errorText: anything thrown, as text', () => {
  it.each<[string, unknown, string, string]>([
    ['an Error', new TypeError('bad input'), 'bad input', 'bad input'],
    ['an Error without a message', new Error(''), '', 'fallback'],
    ['a string', 'plain words', 'plain words', 'plain words'],
    ['an empty string', '', '', 'fallback'],
    ['a number', 42, '42', 'fallback'],
    ['null', null, 'null', 'fallback'],
    ['an object', { message: 'not an Error' }, '[object Object]', 'fallback'],
  ])('%s', (_what, thrown, plain, withFallback) => {
    expect(errorText(thrown)).toBe(plain);
    expect(errorText(thrown, 'fallback')).toBe(withFallback);
  });
});
