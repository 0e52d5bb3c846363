// The plain-English zod messages (src/core/zodError.ts): each issue kind says what was wrong, and
// protocolErrorFromZod names the dotted field path (with the caller's prefix) of the first issue.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ProtocolError, protocolErrorFromZod } from '../../../src/core';

function messageOf(schema: z.ZodMiniType, input: unknown): string {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a failure');
  return r.error.issues[0]!.message;
}

describe('zod messages', () => {
  it('says what type was expected and what came', () => {
    expect(messageOf(z.string(), undefined)).toBe('is required (string)');
    expect(messageOf(z.string(), null)).toBe('must be string, got null');
    expect(messageOf(z.number(), 'x')).toBe('must be number, got string');
  });

  it('names unknown fields, singular and plural', () => {
    expect(messageOf(z.strictObject({}), { a: 1 })).toBe("unknown field 'a'");
    expect(messageOf(z.strictObject({}), { a: 1, b: 2 })).toBe("unknown fields 'a', 'b'");
  });

  it('gives sizes in characters, items or value', () => {
    expect(messageOf(z.string().check(z.minLength(3)), 'ab')).toBe('must have at least 3 characters');
    expect(messageOf(z.array(z.number()).check(z.minLength(2)), [1])).toBe('must have at least 2 items');
    expect(messageOf(z.number().check(z.gte(5)), 4)).toBe('must be at least 5');
    expect(messageOf(z.string().check(z.maxLength(2)), 'abc')).toBe('must have at most 2 characters');
    expect(messageOf(z.array(z.number()).check(z.maxLength(1)), [1, 2])).toBe('must have at most 1 items');
    expect(messageOf(z.number().check(z.lte(5)), 6)).toBe('must be at most 5');
  });

  it('lists allowed values, and names unions, formats and the rest', () => {
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('must be one of "a", "b"');
    expect(messageOf(z.union([z.string(), z.number()]), true)).toBe('does not match any allowed form');
    expect(messageOf(z.string().check(z.regex(/^x$/)), 'y')).toBe('has the wrong format');
    expect(messageOf(z.string().check(z.refine(() => false)), 'y')).toBe('is not valid');
  });
});

describe('protocolErrorFromZod', () => {
  const schema = z.object({ intents: z.array(z.object({ amount: z.string() })) });

  it('names the dotted path of the first issue, after the prefix', () => {
    const r = schema.safeParse({ intents: [{ amount: '1' }, { amount: 2 }] });
    if (r.success) throw new Error('expected a failure');
    const e = protocolErrorFromZod(r.error, 'params');
    expect(e).toBeInstanceOf(ProtocolError);
    expect(e.field).toBe('params.intents.1.amount');
    expect(e.message).toBe('params.intents.1.amount: must be string, got number');
    expect(protocolErrorFromZod(r.error).field).toBe('intents.1.amount');
    expect(protocolErrorFromZod(r.error, '').field).toBe('intents.1.amount');
  });

  it('leaves the field out for an issue at the root, and copes with no issue at all', () => {
    const r = z.string().safeParse(1);
    if (r.success) throw new Error('expected a failure');
    expect(protocolErrorFromZod(r.error).field).toBeUndefined();
    expect(protocolErrorFromZod(r.error, 'nonce').field).toBe('nonce');
    const empty = protocolErrorFromZod(new z.core.$ZodError([]), 'x');
    expect(empty.message).toBe('x: invalid input');
    expect(empty.field).toBe('x');
  });
});
