// RFC 3339 deadlines (src/core/deadline.ts), read to nanoseconds and written as toISOString does.
// Forms from RFC 3339 §5.8 (https://www.rfc-editor.org/rfc/rfc3339#section-5.8) and impossible dates
// and times, which Date.UTC would silently roll over.
import { describe, expect, it } from 'vitest';
import { formatDeadline, ProtocolError, parseDeadline, parseDeadlineNs } from '../../../src/core';

const MS = 1_000_000n;

describe('parseDeadlineNs', () => {
  it('reads the RFC 3339 §5.8 examples', () => {
    expect(parseDeadlineNs('1985-04-12T23:20:50.52Z')).toBe(
      BigInt(Date.UTC(1985, 3, 12, 23, 20, 50)) * MS + 520_000_000n,
    );
    // 16:39:57-08:00 is 00:39:57 the next day in UTC.
    expect(parseDeadlineNs('1996-12-19T16:39:57-08:00')).toBe(BigInt(Date.UTC(1996, 11, 20, 0, 39, 57)) * MS);
    expect(parseDeadlineNs('1990-12-31T23:59:59Z')).toBe(BigInt(Date.UTC(1990, 11, 31, 23, 59, 59)) * MS);
    expect(parseDeadlineNs('1937-01-01T12:00:27.87+00:20')).toBe(
      BigInt(Date.UTC(1937, 0, 1, 11, 40, 27)) * MS + 870_000_000n,
    );
  });

  it('keeps nanoseconds, accepts z, t and a space, and reads both halves of an offset', () => {
    const base = BigInt(Date.UTC(2030, 0, 1, 0, 0, 0)) * MS;
    expect(parseDeadlineNs('2030-01-01T00:00:00.000000001Z')).toBe(base + 1n);
    expect(parseDeadlineNs('2030-01-01t00:00:00z')).toBe(base);
    expect(parseDeadlineNs('2030-01-01 00:00:00Z')).toBe(base);
    expect(parseDeadlineNs('2030-01-01T02:30:00+02:30')).toBe(base);
    expect(parseDeadlineNs('2029-12-31T21:30:00-02:30')).toBe(base);
    expect(parseDeadlineNs('2030-01-01T00:00:00+00:00')).toBe(base);
  });

  it('refuses impossible dates and times, and text that is not RFC 3339', () => {
    for (const text of [
      '2030-02-29T00:00:00Z',
      '2030-04-31T00:00:00Z',
      '2030-13-01T00:00:00Z',
      '2030-00-10T00:00:00Z',
      '2030-01-01T24:00:00Z',
      '2030-01-01T10:60:00Z',
      '2030-01-01T10:00:60Z',
    ]) {
      expect(() => parseDeadlineNs(text), text).toThrow(new ProtocolError(`'${text}' is not a valid date`, 'deadline'));
    }
    for (const text of ['2030-01-01', '2030-01-01T00:00:00', 'tomorrow', '2030-01-01T00:00:00.1234567890Z']) {
      expect(() => parseDeadlineNs(text), text).toThrow(
        new ProtocolError(`'${text}' is not an RFC 3339 timestamp`, 'deadline'),
      );
    }
    // The last moments of a day and of a leap year's February are real.
    expect(parseDeadlineNs('2028-02-29T23:59:59Z')).toBe(BigInt(Date.UTC(2028, 1, 29, 23, 59, 59)) * MS);
  });
});

describe('parseDeadline and formatDeadline', () => {
  it('reads to a Date (milliseconds, sub-millisecond digits dropped) and writes toISOString', () => {
    expect(parseDeadline('2030-01-01T00:00:00.123999999Z').getTime()).toBe(Date.UTC(2030, 0, 1) + 123);
    expect(formatDeadline(new Date(Date.UTC(2030, 0, 1, 0, 0, 0, 5)))).toBe('2030-01-01T00:00:00.005Z');
  });

  it('refuses to write an invalid date', () => {
    expect(() => formatDeadline(new Date(Number.NaN))).toThrow(
      new ProtocolError('deadline is not a valid date', 'deadline'),
    );
  });
});

describe('years Date.UTC reads as 19xx', () => {
  it('refuses a year before 100 rather than reading 0050 as 1950', () => {
    for (const text of ['0050-01-01T00:00:00Z', '0099-12-31T23:59:59Z']) {
      expect(() => parseDeadlineNs(text), text).toThrow(new ProtocolError(`'${text}' is not a valid date`, 'deadline'));
    }
    expect(parseDeadlineNs('0100-01-01T00:00:00Z')).toBe(BigInt(new Date('0100-01-01T00:00:00Z').getTime()) * MS);
  });
});
