// The platform facts passkey accounts rest on (docs/protocol.md, "The webauthn payload"), in the built
// extension in Chromium with a virtual authenticator: an extension page registers an ES256 passkey whose
// relying party is the extension id; its SubjectPublicKeyInfo gives the p256 key and so the implicit account;
// an assertion over SHA-256 of a payload, its DER signature made r‖s with a low s, passes the wallet's own
// check (WebCrypto) and executes on the simulator's verifier.
import {
  base64url,
  buildIntentPayload,
  encodeVersionedNonce,
  formatP256PublicKey,
  hex,
  p256ImplicitAccountId,
  p256SignatureFromDer,
  passkeyKeyFromSpki,
  signedWebauthnOf,
  verifyP256WebCrypto,
  verifyWebauthnAsync,
  webauthnRequestOf,
} from '../../src/core';
import { ledgerSalt } from '../support/ledgerView';
import { addVirtualAuthenticator } from './passkey-helpers';
import { dev, expect, test } from './sim';

const USDC = 'nep141:usdc.near';

interface Registration {
  credentialId: string;
  spki: string;
  algorithm: number;
}
interface Assertion {
  credentialId: string;
  authenticatorData: string;
  clientDataJson: string;
  signature: string;
}

test('an extension page registers a passkey for the extension id, and its assertion executes on the verifier', async ({
  extension,
  page,
  sim,
}) => {
  await page.goto(extension.url('blank.html'));
  const authenticator = await addVirtualAuthenticator(extension.context, page);

  const registration = await page.evaluate(async (rpId): Promise<Registration> => {
    const b64u = (b: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(b)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const credential = (await navigator.credentials.create({
      publicKey: {
        rp: { id: rpId, name: 'Intents Companion' },
        user: {
          id: crypto.getRandomValues(new Uint8Array(16)),
          name: 'Intents account',
          displayName: 'Intents account',
        },
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      },
    })) as PublicKeyCredential;
    const response = credential.response as AuthenticatorAttestationResponse;
    return {
      credentialId: b64u(credential.rawId),
      spki: b64u(response.getPublicKey()!),
      algorithm: response.getPublicKeyAlgorithm(),
    };
  }, extension.id);
  expect(registration.algorithm).toBe(-7);
  // Chromium keeps an extension RP as `chrome-extension://<id>`: the passkey is the extension's, by its id.
  const held = await authenticator.credentials();
  expect(held).toHaveLength(1);
  expect(held[0]!.rpId).toBe(`chrome-extension://${extension.id}`);

  const key = passkeyKeyFromSpki(base64url.decode(registration.spki));
  expect(key.curve).toBe('p256');
  const publicKey = formatP256PublicKey(key.bytes);
  const accountId = p256ImplicitAccountId(key.bytes);
  await dev(sim, '/dev/fund', { accountId, tokenId: USDC, amount: '100' });

  const deadline = new Date(sim.clock.nowMs() + 60_000);
  const payload = buildIntentPayload({
    signerId: accountId,
    verifyingContract: sim.verifierId,
    deadline,
    nonce: encodeVersionedNonce({
      salt: hex.decode(await ledgerSalt(sim)),
      deadline,
      random15: crypto.getRandomValues(new Uint8Array(15)),
    }),
    intents: [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [USDC]: '25' } }],
  });
  const { challenge } = webauthnRequestOf(payload);

  const assertion = await page.evaluate(
    async ([challengeB64u, credentialId]): Promise<Assertion> => {
      const bytes = (t: string) =>
        Uint8Array.from(atob(t.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const b64u = (b: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(b)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const credential = (await navigator.credentials.get({
        publicKey: {
          challenge: bytes(challengeB64u),
          allowCredentials: [{ type: 'public-key', id: bytes(credentialId) }],
          userVerification: 'preferred',
        },
      })) as PublicKeyCredential;
      const response = credential.response as AuthenticatorAssertionResponse;
      return {
        credentialId: b64u(credential.rawId),
        authenticatorData: b64u(response.authenticatorData),
        clientDataJson: new TextDecoder().decode(response.clientDataJSON),
        signature: b64u(response.signature),
      };
    },
    [base64url.encode(challenge), registration.credentialId] as const,
  );
  expect(assertion.credentialId).toBe(registration.credentialId);
  // The origin is the extension's; the verifier does not read it.
  expect(JSON.parse(assertion.clientDataJson)).toMatchObject({
    type: 'webauthn.get',
    origin: `chrome-extension://${extension.id}`,
  });

  const signed = signedWebauthnOf(
    payload,
    publicKey,
    p256SignatureFromDer(base64url.decode(assertion.signature)),
    assertion.clientDataJson,
    base64url.decode(assertion.authenticatorData),
  );
  const subtle = globalThis.crypto.subtle;
  expect(await verifyWebauthnAsync(signed, (xy, m, rs) => verifyP256WebCrypto(subtle, xy, m, rs))).toEqual({
    ok: true,
    publicKey,
  });

  const published = (await fetch(sim.urls.bus, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-API-Key': sim.busApiKey },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'publish_intent',
      params: [{ quote_hashes: [], signed_data: signed }],
    }),
  }).then((r) => r.json())) as { result: { status: string } };
  expect(published.result.status).toBe('OK');
  const after = (await fetch(`${sim.url}/dev/balances?accountId=${accountId}`).then((r) => r.json())) as {
    balances: Record<string, string>;
  };
  expect(after.balances[USDC]).toBe('75');
});
