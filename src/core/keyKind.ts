/**
 * Whether a key is a passkey's (`p256:<base58>`, src/core/p256.ts) rather than an ed25519 key: one test
 * for the vault, the signer and the popup. A passkey signs only at the person's authenticator, as a
 * WebAuthn assertion (docs/security.md, "Passkey accounts"). Imports nothing, so the popup's first screen
 * can use it without pulling the rest of core.
 */
export const isPasskeyPublicKey = (publicKey: string): boolean => publicKey.startsWith('p256:');
