import * as z from 'zod/mini';
import { ProtocolError } from './errors';

type RawIssue = z.core.$ZodRawIssue;

/**
 * zod/mini ships no messages; these few say what was wrong in plain English (zod's full English
 * locale costs the service worker more than its size budget allows). Custom checks bring their own.
 */
function message(issue: RawIssue): string {
  const i = issue as RawIssue & {
    expected?: string;
    keys?: string[];
    minimum?: unknown;
    maximum?: unknown;
    origin?: string;
    values?: unknown[];
  };
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `is required (${i.expected})`
        : `must be ${i.expected}, got ${issue.input === null ? 'null' : typeof issue.input}`;
    case 'unrecognized_keys':
      return `unknown field${i.keys && i.keys.length > 1 ? 's' : ''} ${(i.keys ?? []).map((k) => `'${k}'`).join(', ')}`;
    case 'too_small':
      return i.origin === 'string'
        ? `must have at least ${String(i.minimum)} characters`
        : i.origin === 'array'
          ? `must have at least ${String(i.minimum)} items`
          : `must be at least ${String(i.minimum)}`;
    case 'too_big':
      return i.origin === 'string'
        ? `must have at most ${String(i.maximum)} characters`
        : i.origin === 'array'
          ? `must have at most ${String(i.maximum)} items`
          : `must be at most ${String(i.maximum)}`;
    case 'invalid_value':
      return `must be one of ${(i.values ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union':
      return 'does not match any allowed form';
    case 'invalid_format':
      return 'has the wrong format';
    default:
      return 'is not valid';
  }
}

z.config({ localeError: message });

/** The first zod issue as a ProtocolError whose `field` is the dotted path (e.g. `intents.0.amount`). */
export function protocolErrorFromZod(error: z.core.$ZodError, prefix?: string): ProtocolError {
  const issue = error.issues[0];
  if (!issue) return new ProtocolError('invalid input', prefix);
  const path = [prefix, ...issue.path.map(String)].filter((p) => p !== undefined && p !== '').join('.');
  return new ProtocolError(issue.message, path || undefined);
}
