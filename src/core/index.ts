/**
 * The public face of `core`: pure protocol code (no browser APIs, no I/O; randomness and clock are
 * passed in). Everything else in the extension and the simulator imports from here.
 */

export { isImplicitAccountId, isValidAccountId, sameAccount } from './account';
export {
  formatUnits,
  I128_MAX,
  I128_MIN,
  isI128String,
  isU128String,
  parseI128,
  parseU128,
  parseUnits,
  U128_MAX,
  usdValue,
} from './amounts';
export { type PasskeyCurve, type PasskeyPublicKey, passkeyKeyFromCose, passkeyKeyFromSpki } from './cose';
export { formatDeadline, parseDeadline, parseDeadlineNs } from './deadline';
export { DESCRIBE_KEYS, describeIntent } from './describe';
export {
  type BytesCodec,
  base58,
  base64,
  base64url,
  bytesEqual,
  concatBytes,
  decodeExact,
  hex,
  utf8,
} from './encoding';
export { ProtocolError } from './errors';
export {
  errorText,
  type FailedTask,
  type FailureClass,
  type FailureFacts,
  failureClass,
  failureFacts,
  failureWords,
} from './errorText';
export { EXPLORER_TX, explorerLink, explorerTxUrl } from './explorers';
export { PIPS_MAX, tokenDiffFee, unmatchedDeltas } from './fees';
export {
  type BoundCredential,
  credentialOrigin,
  DEFAULT_RETRY_POLICY,
  type FetchLike,
  type FetchResponseLike,
  type HttpDeps,
  HttpError,
  type HttpErrorKind,
  type JsonRequest,
  type RequestAuth,
  type RetryPolicy,
  requestJson,
  type ServiceName,
} from './http';
export {
  accountIdSchema,
  INTENT_SCHEMAS,
  INTENT_TEXT_LIMITS,
  INTENT_TYPES,
  type Intent,
  type IntentOf,
  type IntentParseOptions,
  type IntentType,
  intentSchema,
  intentsSchema,
  KEY_MANAGEMENT_INTENTS,
  parseIntent,
  parseIntents,
  tokenIdSchema,
  tokenIdsOf,
  u128Schema,
  zeroAmountField,
} from './intents';
export { isPasskeyPublicKey } from './keyKind';
export {
  formatPublicKey,
  formatSecretKey,
  generateKeyPair,
  implicitAccountId,
  type KeyPair,
  parsePublicKey,
  parseSecretKey,
  publicKeyFromSeed,
  type Random,
} from './keys';
export { KNOWN_TOKENS_FILE, parseKnownTokens } from './knownTokenRows';
export { KNOWN_TOKENS } from './knownTokens';
export { assessMessage, type MessageAsk } from './messageRisk';
export { type MultiPayload, multiPayloadSchema, verifyMultiPayload } from './multiPayload';
export {
  NEP413_TAG,
  type Nep413Payload,
  nep413Digest,
  nep413Serialize,
  signNep413,
  verifyEd25519,
  verifyNep413,
} from './nep413';
export {
  isVerifierRecipient,
  MAINNET_VERIFIER,
  NETWORK_NAME,
  type NetworkId,
  networkOfVerifier,
  networkText,
  networkWords,
  SIM_VERIFIER,
} from './network';
export {
  checkNonceDeadline,
  type DecodedNonce,
  decodeNonce,
  decodeNonceBytes,
  encodeVersionedNonce,
  encodeVersionedNonceBytes,
  VERSIONED_NONCE_MAGIC,
  type VersionedNonceInput,
} from './nonce';
export {
  formatP256PublicKey,
  formatP256Signature,
  isCanonicalP256Signature,
  normalizeP256Signature,
  P256_ORDER,
  p256ImplicitAccountId,
  p256SignatureFromDer,
  parseP256PublicKey,
  parseP256Signature,
  type SubtleLike,
  verifyP256WebCrypto,
} from './p256';
export { type RegisteredPasskey, registeredPasskeyOf } from './passkeyRegistration';
export {
  type BuildPayloadInput,
  buildIntentPayload,
  extractIntentPayload,
  type IntentPayload,
  intentHash,
  intentSigningBytes,
  nep413MessageOf,
  nep413PayloadOf,
  type PayloadStandard,
  payloadIntentHash,
  rawPayloadOf,
  SIGNING_STANDARDS,
  type SignedIntent,
  type SignedNep413,
  type SignedRawEd25519,
  type SigningStandard,
  signatureBase64ToEd25519,
  signedIntentOf,
  signedIntentSchema,
  signIntentPayload,
  type VerifyResult,
  verifySignedIntent,
} from './payload';
export { type Amount, amountOf, isAmount, isList, type Phrase, phrase, type Sub } from './phrase';
export {
  OPTIONAL_REQUEST_FIELDS,
  type QuoteSignedParts,
  quoteSignedFields,
  quoteSigningMessage,
  SIGNED_REQUEST_FIELDS,
  signQuote,
  stableStringify,
  verifyQuoteSignature,
} from './quoteSignature';
export {
  assessIntents,
  DANGER_DEADLINE_MS,
  type ReceiverKnowledge,
  RISK_LEVELS,
  type RiskContext,
  type RiskFinding,
  type RiskLevel,
  type RiskReport,
  STORAGE_DEPOSIT_CAP_YOCTO,
} from './risk';
export { type Serial, serial } from './serial';
export { type HeldKey, signingSuccessor } from './signingSuccessor';
export { hostOf, siteNamed, siteOf, siteOfHost } from './site';
export {
  type FactsSource,
  ftContractOf,
  judgeToken,
  type KnownToken,
  sameSymbol,
  type TokenCheck,
  type TokenFacts,
  type TokenFactsStatus,
} from './tokenFacts';
export { formatTokenId, isValidTokenId, parseTokenId, type TokenId } from './tokenId';
export {
  formatTokenAmount,
  readTokenAmount,
  shortAddress,
  signedAmountWords,
  type TokenInfo,
  type TokenTable,
  tokenAmountWords,
  tokenTable,
} from './tokens';
export {
  curveText,
  implicitAccountOfKey,
  isEthImplicitAccountId,
  KEY_BYTES,
  SIGNATURE_BYTES,
  type VerifierCurve,
} from './verifierKeys';
export { containsHiddenCharacters, hasHiddenCharacters, type VisibleTextOptions, visibleText } from './visibleText';
export {
  assertionOf,
  assertionProblem,
  type P256Verify,
  type P256VerifyAsync,
  type SignedWebauthn,
  signedWebauthnOf,
  signedWebauthnSchema,
  verifyWebauthn,
  verifyWebauthnAssertion,
  verifyWebauthnAssertionAsync,
  verifyWebauthnAsync,
  type WebauthnAssertion,
  type WebauthnVerifyResult,
  webauthnChallenge,
  webauthnRequestOf,
  webauthnSignedBytes,
} from './webauthn';
export { protocolErrorFromZod } from './zodError';
