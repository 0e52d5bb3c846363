/**
 * The public face of `core`: pure protocol code (no browser APIs, no I/O; randomness and clock are
 * passed in). Everything else in the extension and the simulator imports from here.
 */
export { ProtocolError } from './errors';
export { base58, base64, hex, utf8, bytesEqual, concatBytes, decodeExact, type BytesCodec } from './encoding';
export { isValidAccountId, isImplicitAccountId } from './account';
export { type NetworkId, MAINNET_VERIFIER, SIM_VERIFIER, NETWORK_NAME, networkOfVerifier, networkText } from './network';
export {
  type KeyPair,
  type Random,
  generateKeyPair,
  parseSecretKey,
  formatSecretKey,
  formatPublicKey,
  parsePublicKey,
  publicKeyFromSeed,
  implicitAccountId,
} from './keys';
export { type Nep413Payload, NEP413_TAG, nep413Serialize, nep413Digest, signNep413, verifyNep413, verifyEd25519 } from './nep413';
export { parseDeadline, parseDeadlineNs, formatDeadline } from './deadline';
export {
  type DecodedNonce,
  type VersionedNonceInput,
  VERSIONED_NONCE_MAGIC,
  encodeVersionedNonce,
  encodeVersionedNonceBytes,
  decodeNonce,
  decodeNonceBytes,
  checkNonceDeadline,
} from './nonce';
export {
  U128_MAX,
  I128_MAX,
  I128_MIN,
  isU128String,
  isI128String,
  parseU128,
  parseI128,
  parseUnits,
  formatUnits,
  usdValue,
} from './amounts';
export { type TokenId, parseTokenId, formatTokenId, isValidTokenId } from './tokenId';
export {
  type Intent,
  type IntentOf,
  type IntentParseOptions,
  type IntentType,
  INTENT_TYPES,
  INTENT_SCHEMAS,
  KEY_MANAGEMENT_INTENTS,
  accountIdSchema,
  u128Schema,
  tokenIdSchema,
  INTENT_TEXT_LIMITS,
  intentSchema,
  intentsSchema,
  parseIntent,
  parseIntents,
  tokenIdsOf,
  zeroAmountField,
} from './intents';
export {
  type IntentPayload,
  type SignedIntent,
  type SignedNep413,
  type SignedRawEd25519,
  type SigningStandard,
  type BuildPayloadInput,
  type VerifyResult,
  SIGNING_STANDARDS,
  signedIntentSchema,
  buildIntentPayload,
  nep413MessageOf,
  nep413PayloadOf,
  rawPayloadOf,
  intentSigningBytes,
  signedIntentOf,
  signIntentPayload,
  verifySignedIntent,
  intentHash,
  payloadIntentHash,
  extractIntentPayload,
  signatureBase64ToEd25519,
} from './payload';
export { PIPS_MAX, tokenDiffFee, unmatchedDeltas } from './fees';
export { type TokenInfo, type TokenTable, tokenTable, formatTokenAmount, shortAddress } from './tokens';
export {
  type TokenFacts,
  type FactsSource,
  type KnownToken,
  type TokenCheck,
  type TokenFactsStatus,
  sameSymbol,
  judgeToken,
  ftContractOf,
} from './tokenFacts';
export { KNOWN_TOKENS } from './knownTokens';
export { EXPLORER_TX, explorerTxUrl, explorerLink } from './explorers';
export { describeIntent } from './describe';
export {
  type QuoteSignedParts,
  OPTIONAL_REQUEST_FIELDS,
  SIGNED_REQUEST_FIELDS,
  quoteSignedFields,
  quoteSigningMessage,
  signQuote,
  stableStringify,
  verifyQuoteSignature,
} from './quoteSignature';
export {
  type RiskLevel,
  type RiskFinding,
  type RiskContext,
  type RiskReport,
  RISK_LEVELS,
  DANGER_DEADLINE_MS,
  STORAGE_DEPOSIT_CAP_YOCTO,
  assessIntents,
} from './risk';
export { type MessageAsk, assessMessage } from './messageRisk';
export { hostOf, siteOf, siteOfHost, siteNamed } from './site';
export { type VisibleTextOptions, visibleText, hasHiddenCharacters, containsHiddenCharacters } from './visibleText';
export { protocolErrorFromZod } from './zodError';
export {
  type FetchLike,
  type FetchResponseLike,
  type RetryPolicy,
  type HttpDeps,
  type JsonRequest,
  type HttpErrorKind,
  type BoundCredential,
  type RequestAuth,
  DEFAULT_RETRY_POLICY,
  HttpError,
  credentialOrigin,
  requestJson,
} from './http';
