/** Clients for the message bus (publish, status, quotes) and the ledger RPC's verifier views. */

export { BridgeClient, type BridgeDepositView } from './bridge';
export { RpcError } from './jsonRpc';
export {
  type FtMetadata,
  isPanic,
  LedgerRpcClient,
  type LedgerRpcOptions,
  LedgerViewError,
  panicText,
} from './ledgerRpc';
export {
  type BusQuoteAnswer,
  MessageBusClient,
  type MessageBusOptions,
  noOfferText,
  type QuoteRequest,
} from './messageBus';
export {
  type BusQuote,
  INTENT_STATUSES,
  type IntentStatus,
  type PublishManyResult,
  type PublishResult,
  type SimulationOutput,
} from './schemas';
