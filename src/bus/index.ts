/** Clients for the message bus (publish, status, quotes) and the ledger RPC's verifier views. */
export { RpcError } from './jsonRpc';
export { MessageBusClient, type MessageBusOptions, type QuoteRequest } from './messageBus';
export { LedgerRpcClient, LedgerViewError, type LedgerRpcOptions, panicText } from './ledgerRpc';
export {
  type BusQuote,
  type IntentStatus,
  type PublishResult,
  type PublishManyResult,
  type SimulationOutput,
  INTENT_STATUSES,
} from './schemas';
