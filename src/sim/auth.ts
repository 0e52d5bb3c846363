/**
 * Development credentials. The simulator issues HS256 JWTs signed with a secret derived from its
 * seed: one for the swap service / transactions API (partner JWT), one as the message-bus API key.
 * Both services accept either header form, as the live ones do (docs/services.md, "Credentials and auth
 * headers").
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base64, bytesEqual, utf8 } from '../core';

const b64url = (bytes: Uint8Array) => base64.encode(bytes).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const fromB64url = (text: string) => {
  const b = text.replace(/-/g, '+').replace(/_/g, '/');
  return base64.decode(b + '='.repeat((4 - (b.length % 4)) % 4));
};

export type TokenAudience = 'partner' | 'bus';

export class DevAuth {
  constructor(private readonly secret: Uint8Array) {}

  issue(audience: TokenAudience, subject: string, issuedAtSec: number): string {
    const header = b64url(utf8.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
    const body = b64url(utf8.encode(JSON.stringify({ sub: subject, aud: audience, iat: issuedAtSec })));
    const sig = b64url(hmac(sha256, this.secret, utf8.encode(`${header}.${body}`)));
    return `${header}.${body}.${sig}`;
  }

  /** The token's subject when it is one of ours, else null. */
  verify(token: string): { sub: string; aud: TokenAudience } | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, body, sig] = parts as [string, string, string];
    try {
      const expected = hmac(sha256, this.secret, utf8.encode(`${header}.${body}`));
      if (!bytesEqual(expected, fromB64url(sig))) return null;
      const claims = JSON.parse(utf8.decode(fromB64url(body))) as { sub?: unknown; aud?: unknown };
      if (typeof claims.sub !== 'string' || (claims.aud !== 'partner' && claims.aud !== 'bus')) return null;
      return { sub: claims.sub, aud: claims.aud };
    } catch {
      return null;
    }
  }

  /** Reads `Authorization: Bearer <t>` or `X-API-Key: <t>`; null when absent or not ours. */
  fromHeaders(get: (name: string) => string | undefined): { sub: string; aud: TokenAudience } | null {
    const bearer = get('authorization');
    const token = bearer?.toLowerCase().startsWith('bearer ') ? bearer.slice(7).trim() : get('x-api-key')?.trim();
    return token ? this.verify(token) : null;
  }
}
