/**
 * HTTP helpers shared by the simulator's routes: error bodies (docs/services.md, "Errors as they arrive"),
 * strict JSON bodies, ids.
 */

import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export function correlationId(): string {
  return randomUUID();
}

/**
 * REST error body of the swap service: `{message, correlationId, timestamp}` (docs/services.md, "Errors as
 * they arrive").
 */
export function restError(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json({ message, correlationId: correlationId(), timestamp: new Date().toISOString() }, status);
}

export class BadJson extends Error {}

/** Reads a JSON object body strictly: JSON content type, valid JSON, an object at the top. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) throw new BadJson('Content-Type must be application/json');
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadJson('Body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BadJson('Body must be a JSON object');
  return value as Record<string, unknown>;
}

/** Reads any JSON body strictly (JSON-RPC allows arrays for batches). */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new BadJson('Body is not valid JSON');
  }
}
