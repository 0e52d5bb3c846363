/** Clients for the message bus (publish, status, quotes) and the ledger RPC's verifier views. */
export { RpcError } from './jsonRpc';
export { type BusQuoteAnswer, MessageBusClient, type MessageBusOptions, type QuoteRequest, noOfferText } from './messageBus';
export { type FtMetadata, LedgerRpcClient, LedgerViewError, type LedgerRpcOptions, isPanic, panicText } from './ledgerRpc';
export {
  type BusQuote,
  type IntentStatus,
  type PublishResult,
  type PublishManyResult,
  type SimulationOutput,
  INTENT_STATUSES,
} from './schemas';
