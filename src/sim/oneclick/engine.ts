/**
 * The swap state machine (docs/services.md, "The swap service": statuses), driven by the simulator's clock:
 *
 *   PENDING_DEPOSIT ─ deposit seen (+depositDetectMs, or at once on deposit/submit) ─► KNOWN_DEPOSIT_TX
 *   ─ confirmed (+confirmMs) ─► PROCESSING (enough) | INCOMPLETE_DEPOSIT (short; a top-up completes it,
 *   the request deadline refunds it: PARTIAL_DEPOSIT) ─ executed (+processMs) ─► SUCCESS | REFUNDED | FAILED
 *
 * Time moves lazily: each tick replays every due step at the time it was due, so a big clock jump
 * gives the same history as waiting. ANY_INPUT swaps never end: each confirmed deposit is converted
 * into a pool that is withdrawn once it is worth $1,000 (docs fee-config). Over 300 lines on purpose:
 * one state machine, its transitions side by side.
 */
import { base58 } from '../../core';
import { splitRecipient } from '../../core/destinationMemo';
import type { SimContext } from '../context';
import type { SimEventMap } from '../events';
import { findToken } from '../tokenList';
import { txHashFromBytes } from './addresses';
import { type ChainInfo, chainInfo, explorerUrl } from './chains';
import type { LedgerPort } from './ledgerPort';
import { type DepositRecord, type RefundReason, type SwapRecord, TERMINAL_STATUSES, type TxRef } from './model';
import { centiBps, lessBps, marketIn, marketOut, moreBps, unitsForUsd, usdNumber } from './pricing';
import type { SwapStore } from './swapStore';

/** ANY_INPUT: failed conversions retry after this long; pools are withdrawn at this value. */
const ANY_INPUT_RETRY_MS = 5 * 60_000;
const ANY_INPUT_WITHDRAW_USD = 1000;

export interface NewDeposit {
  txHash: string;
  assetId: string;
  amount: bigint;
  memo: string | null;
  sender: string | null;
  via: 'origin' | 'intents';
  intentHash: string | null;
}

type Step =
  | { kind: 'detect'; at: number; deposit: DepositRecord }
  | { kind: 'confirm'; at: number; deposit: DepositRecord }
  | { kind: 'execute'; at: number }
  | { kind: 'deadline'; at: number };

const STEP_ORDER: Record<Step['kind'], number> = { detect: 0, confirm: 1, execute: 2, deadline: 3 };

export class SwapEngine {
  constructor(
    private readonly ctx: SimContext,
    private readonly swaps: SwapStore,
    private readonly ledger: LedgerPort,
  ) {}

  // ---- inputs ----

  /** Records a deposit (idempotent per tx hash and token); the engine moves it on in time. */
  addDeposit(swap: SwapRecord, input: NewDeposit, now: number): DepositRecord {
    const existing = swap.deposits.find((d) => d.txHash === input.txHash && d.assetId === input.assetId);
    if (existing) return existing;
    // A hash the client already submitted is known at once.
    const claimed = swap.claimedTxHashes.includes(input.txHash);
    const deposit: DepositRecord = {
      txHash: input.txHash,
      assetId: input.assetId,
      amount: input.amount.toString(),
      memo: input.memo,
      sender: input.sender,
      via: input.via,
      intentHash: input.intentHash,
      seenAtMs: now,
      detectAtMs: claimed ? now : now + this.ctx.config.timing.depositDetectMs,
      detected: false,
      confirmAtMs: null,
      confirmed: false,
      converted: false,
    };
    swap.deposits.push(deposit);
    this.swaps.refreshActive(swap);
    this.advance(swap, now);
    return deposit;
  }

  /**
   * `deposit/submit`: a known deposit's hash is detected at once; an unknown hash is recorded and
   * reported as KNOWN_DEPOSIT_TX, as the live service does.
   */
  submitTx(swap: SwapRecord, txHash: string, sender: string | null, now: number): void {
    this.advance(swap, now);
    if (sender && !swap.senders.includes(sender)) swap.senders.push(sender);
    const known = swap.deposits.filter((d) => d.txHash === txHash);
    if (known.length > 0) {
      for (const d of known) if (!d.detected) d.detectAtMs = Math.min(d.detectAtMs, now);
    } else if (!swap.claimedTxHashes.includes(txHash)) {
      swap.claimedTxHashes.push(txHash);
      this.addTxRef(swap.outcome.originChainTxHashes, txHash, this.originChain(swap));
      if (swap.status === 'PENDING_DEPOSIT') this.setStatus(swap, 'KNOWN_DEPOSIT_TX', now);
    }
    this.advance(swap, now);
  }

  /** A ledger transfer to an INTENTS deposit account is that swap's deposit. */
  onTransfer(event: SimEventMap['transfer'], now: number): boolean {
    let changed = false;
    for (const swap of this.swaps.atAddress(event.to)) {
      const req = swap.quoteResponse.quoteRequest;
      if (req.depositType !== 'INTENTS' || swap.seeded) continue;
      for (const [assetId, amount] of Object.entries(event.tokens)) {
        if (!/^\d+$/.test(amount) || BigInt(amount) === 0n) continue;
        if (req.swapType !== 'ANY_INPUT' && assetId !== req.originAsset) continue;
        this.addDeposit(
          swap,
          {
            txHash: event.txHash,
            assetId,
            amount: BigInt(amount),
            memo: event.memo ?? null,
            sender: event.from,
            via: 'intents',
            intentHash: event.intentHash,
          },
          now,
        );
        changed = true;
      }
    }
    return changed;
  }

  /** Brings every live swap up to `now`; true when something changed. */
  tick(now: number): boolean {
    let changed = false;
    for (const swap of this.swaps.activeSwaps()) if (this.advance(swap, now)) changed = true;
    return changed;
  }

  // ---- the machine ----

  advance(swap: SwapRecord, now: number): boolean {
    if (swap.seeded) return false;
    let changed = false;
    for (let guard = 0; guard < 1000; guard++) {
      const step = this.nextStep(swap);
      if (!step || step.at > now) break;
      this.apply(swap, step);
      changed = true;
    }
    this.swaps.refreshActive(swap);
    return changed;
  }

  private nextStep(swap: SwapRecord): Step | undefined {
    const steps: Step[] = [];
    for (const deposit of swap.deposits) {
      if (!deposit.detected) steps.push({ kind: 'detect', at: deposit.detectAtMs, deposit });
      else if (!deposit.confirmed)
        steps.push({ kind: 'confirm', at: deposit.confirmAtMs ?? deposit.detectAtMs, deposit });
    }
    if (swap.status === 'PROCESSING' && swap.processAtMs !== null)
      steps.push({ kind: 'execute', at: swap.processAtMs });
    if (swap.status === 'INCOMPLETE_DEPOSIT') steps.push({ kind: 'deadline', at: this.deadlineMs(swap) });
    steps.sort((a, b) => a.at - b.at || STEP_ORDER[a.kind] - STEP_ORDER[b.kind]);
    return steps[0];
  }

  private apply(swap: SwapRecord, step: Step): void {
    switch (step.kind) {
      case 'detect':
        return this.detect(swap, step.deposit, step.at);
      case 'confirm':
        return this.confirm(swap, step.deposit, step.at);
      case 'execute':
        return swap.quoteResponse.quoteRequest.swapType === 'ANY_INPUT'
          ? this.convertPool(swap, step.at)
          : this.execute(swap, step.at);
      case 'deadline':
        return this.refund(swap, step.at, 'PARTIAL_DEPOSIT', this.confirmedTotal(swap));
    }
  }

  private detect(swap: SwapRecord, deposit: DepositRecord, at: number): void {
    deposit.detected = true;
    deposit.detectAtMs = at;
    deposit.confirmAtMs = at + this.ctx.config.timing.confirmMs;
    swap.claimedTxHashes = swap.claimedTxHashes.filter((h) => h !== deposit.txHash);
    const home = chainInfo('home')!;
    this.addTxRef(
      swap.outcome.originChainTxHashes,
      deposit.txHash,
      deposit.via === 'intents' ? home : this.originChain(swap),
    );
    if (deposit.via === 'intents') {
      if (!swap.outcome.homeTxHashes.includes(deposit.txHash)) swap.outcome.homeTxHashes.push(deposit.txHash);
      if (deposit.intentHash && !swap.outcome.intentHashes.includes(deposit.intentHash))
        swap.outcome.intentHashes.push(deposit.intentHash);
    }
    if (deposit.sender && !swap.senders.includes(deposit.sender)) swap.senders.push(deposit.sender);
    if (swap.status === 'PENDING_DEPOSIT') this.setStatus(swap, 'KNOWN_DEPOSIT_TX', at);
  }

  private confirm(swap: SwapRecord, deposit: DepositRecord, at: number): void {
    deposit.confirmed = true;
    // An origin-chain deposit is bridged into the deposit account by a ledger transaction.
    if (deposit.via === 'origin' && this.originChain(swap).id !== 'home') swap.outcome.homeTxHashes.push(this.homeTx());
    if (TERMINAL_STATUSES.has(swap.status)) {
      // Too late for this swap: it goes back to the refund address.
      this.refundFunds(swap, BigInt(deposit.amount));
      swap.updatedAtMs = at;
      return;
    }
    if (swap.quoteResponse.quoteRequest.swapType === 'ANY_INPUT') {
      if (swap.status !== 'PROCESSING') this.setStatus(swap, 'PROCESSING', at);
      swap.processAtMs ??= at + this.ctx.config.timing.processMs;
      return;
    }
    if (swap.status === 'PROCESSING') return; // counted at execution
    const total = this.confirmedTotal(swap);
    if (total >= this.requiredMinimum(swap)) {
      this.setStatus(swap, 'PROCESSING', at);
      swap.processAtMs = at + this.ctx.config.timing.processMs;
      swap.outcome.intentHashes.push(this.intentHash());
    } else if (at >= this.deadlineMs(swap)) {
      this.refund(swap, at, 'PARTIAL_DEPOSIT', total);
    } else {
      this.setStatus(swap, 'INCOMPLETE_DEPOSIT', at);
    }
  }

  /** The deposit a swap type needs before it is executed (docs/services.md, "The swap service": swap types). */
  private requiredMinimum(swap: SwapRecord): bigint {
    const { quoteRequest: req, quote } = swap.quoteResponse;
    return BigInt(req.swapType === 'EXACT_INPUT' ? quote.amountIn : quote.minAmountIn);
  }

  private execute(swap: SwapRecord, at: number): void {
    swap.processAtMs = null;
    const { quoteRequest: req, quote } = swap.quoteResponse;
    const deposited = this.confirmedTotal(swap);
    const tokenIn = findToken(req.originAsset);
    const tokenOut = findToken(req.destinationAsset);
    if (!tokenIn || !tokenOut) return this.fail(swap, at);
    if (swap.forcedOutcome === 'FAILED') return this.fail(swap, at);
    if (swap.forcedOutcome) return this.refund(swap, at, swap.forcedOutcome, deposited);
    if (!this.ctx.liquidity.has(req.originAsset, req.destinationAsset))
      return this.refund(swap, at, 'NO_LIQUIDITY', deposited);

    const shift = this.swaps.priceShiftBps;
    const fee = centiBps((req.appFees ?? []).reduce((n, f) => n + f.fee, 0));
    // The quoted withdrawal fee is withheld from the output, as the quote said (quote.ts withdrawFeeOf).
    const withdrawFee = BigInt(quote.withdrawFee ?? '0');
    const net = (gross: bigint) => (gross > withdrawFee ? gross - withdrawFee : 0n);
    let used: bigint;
    let out: bigint;
    let slippage: number;
    if (req.swapType === 'EXACT_OUTPUT') {
      out = BigInt(quote.amountOut);
      used = moreBps(marketIn(out + withdrawFee, tokenIn, tokenOut, shift), fee);
      if (used > deposited || used > BigInt(quote.amountIn))
        return this.refund(swap, at, 'AMOUNT_LESS_THAN_MIN_AMOUNT_OUT', deposited);
      const min = BigInt(quote.minAmountIn);
      slippage = min === 0n ? 0 : Number(((used - min) * 10_000n) / min);
    } else {
      // EXACT_INPUT swaps the quoted input (the excess is refunded after); FLEX_INPUT swaps it all.
      used = req.swapType === 'FLEX_INPUT' ? deposited : BigInt(quote.amountIn);
      const afterFee = lessBps(used, fee);
      out = net(marketOut(afterFee, tokenIn, tokenOut, shift));
      const expected = net(marketOut(afterFee, tokenIn, tokenOut));
      // FLEX_INPUT: the quoted rate floor (minAmountOut per amountIn) scaled to what came in.
      // The fixed withdrawal fee does not scale: the rate floor applies before it.
      const floor =
        req.swapType === 'FLEX_INPUT'
          ? (used * (BigInt(quote.minAmountOut) + withdrawFee)) / BigInt(quote.amountIn) - withdrawFee
          : BigInt(quote.minAmountOut);
      if (out < floor) return this.refund(swap, at, 'AMOUNT_LESS_THAN_MIN_AMOUNT_OUT', deposited);
      slippage = expected === 0n ? 0 : Number(((expected - out) * 10_000n) / expected);
    }
    const outChain = chainInfo(tokenOut.blockchain)!;
    if (
      req.recipientType === 'DESTINATION_CHAIN' &&
      outChain.id !== 'home' &&
      out < unitsForUsd(outChain.bridgeMinUsd, tokenOut)
    ) {
      return this.refund(swap, at, 'AMOUNT_LESS_THAN_MIN_WITHDRAWABLE', deposited);
    }

    try {
      this.takeFromDepositAccount(swap, deposited);
      if (req.recipientType === 'INTENTS') this.ledger.credit(req.recipient, req.destinationAsset, out);
    } catch {
      return this.fail(swap, at);
    }
    const o = swap.outcome;
    o.amountIn = used.toString();
    o.amountOut = out.toString();
    o.slippage = slippage;
    o.homeTxHashes.push(this.homeTx()); // execute_intents
    if (req.recipientType === 'DESTINATION_CHAIN') this.withdraw(swap, outChain, out);
    this.setStatus(swap, 'SUCCESS', at);
    const excess = deposited - used;
    if (excess > 0n) this.refundFunds(swap, excess, { fromDepositAccount: false });
  }

  private withdraw(swap: SwapRecord, outChain: ChainInfo, amount: bigint): void {
    if (outChain.id === 'home') {
      this.addTxRef(swap.outcome.destinationChainTxHashes, this.homeTx(), outChain);
      return;
    }
    swap.outcome.homeTxHashes.push(this.homeTx()); // ft_withdraw to the bridge
    const txHash = this.chainTx(outChain);
    this.addTxRef(swap.outcome.destinationChainTxHashes, txHash, outChain);
    // An X-address recipient carries its destination tag to the chain, through the withdrawal's memo.
    const { address, memo } = splitRecipient(swap.quoteResponse.quoteRequest.recipient);
    const bridgeMemo = ['WITHDRAW_TO', address, ...(memo === null ? [] : [memo])].join(':');
    swap.deliveries ??= [];
    swap.deliveries.push({
      chain: outChain.id,
      address,
      destinationTag: memo,
      bridgeMemo,
      amount: amount.toString(),
      txHash,
    });
  }

  /** Ends the swap as REFUNDED, returning `amount` (all deposited) to the refund address. */
  private refund(swap: SwapRecord, at: number, reason: RefundReason, amount: bigint): void {
    swap.processAtMs = null;
    if (!this.refundFunds(swap, amount)) return this.fail(swap, at);
    swap.outcome.refundReason = reason;
    this.setStatus(swap, 'REFUNDED', at);
  }

  /**
   * Sends `amount` of the origin asset back: on the ledger for `refundType: INTENTS`, else on the
   * origin chain less the refund fee. False when the deposit account cannot pay it.
   */
  private refundFunds(
    swap: SwapRecord,
    amount: bigint,
    opts: { fromDepositAccount: boolean } = { fromDepositAccount: true },
  ): boolean {
    const req = swap.quoteResponse.quoteRequest;
    if (amount <= 0n) return true;
    try {
      if (opts.fromDepositAccount) this.takeFromDepositAccount(swap, amount);
      const fee = req.refundType === 'ORIGIN_CHAIN' ? BigInt(swap.quoteResponse.quote.refundFee) : 0n;
      const refunded = amount > fee ? amount - fee : 0n;
      if (req.refundType === 'INTENTS' && refunded > 0n) this.ledger.credit(req.refundTo, req.originAsset, refunded);
      const o = swap.outcome;
      o.refundedAmount = (BigInt(o.refundedAmount) + refunded).toString();
      o.refundFee = ((o.refundFee ? BigInt(o.refundFee) : 0n) + (amount - refunded)).toString();
      o.homeTxHashes.push(this.homeTx());
      const origin = this.originChain(swap);
      if (req.refundType === 'ORIGIN_CHAIN' && origin.id !== 'home' && refunded > 0n) {
        this.addTxRef(o.originChainTxHashes, this.chainTx(origin), origin);
      }
      return true;
    } catch {
      return false;
    }
  }

  /** Funds of an INTENTS deposit sit in the deposit account on the ledger until swapped or refunded. */
  private takeFromDepositAccount(
    swap: SwapRecord,
    amount: bigint,
    assetId = swap.quoteResponse.quoteRequest.originAsset,
  ): void {
    if (swap.quoteResponse.quoteRequest.depositType !== 'INTENTS' || amount <= 0n) return;
    const address = swap.quoteResponse.quote.depositAddress!;
    if (this.ledger.balanceOf(address, assetId) < amount) throw new Error('deposit account balance is short');
    this.ledger.debit(address, assetId, amount);
  }

  private fail(swap: SwapRecord, at: number): void {
    swap.processAtMs = null;
    this.setStatus(swap, 'FAILED', at);
  }

  /** ANY_INPUT: converts confirmed deposits into the pool; withdraws it at $1,000. */
  private convertPool(swap: SwapRecord, at: number): void {
    const req = swap.quoteResponse.quoteRequest;
    const tokenOut = findToken(req.destinationAsset);
    swap.pool ??= { pending: '0', total: '0', withdrawn: '0' };
    const pool = swap.pool;
    swap.processAtMs = null;
    if (!tokenOut) return;
    let converted = false;
    let retry = false;
    for (const d of swap.deposits) {
      if (!d.confirmed || d.converted) continue;
      const tokenIn = findToken(d.assetId);
      if (!tokenIn || !this.ctx.liquidity.has(d.assetId, req.destinationAsset) || swap.forcedOutcome) {
        retry = true;
        continue;
      }
      const out =
        d.assetId === req.destinationAsset ? BigInt(d.amount) : marketOut(BigInt(d.amount), tokenIn, tokenOut);
      try {
        this.takeFromDepositAccount(swap, BigInt(d.amount), d.assetId);
      } catch {
        retry = true;
        continue;
      }
      d.converted = true;
      converted = true;
      pool.pending = (BigInt(pool.pending) + out).toString();
      pool.total = (BigInt(pool.total) + out).toString();
    }
    if (converted) {
      swap.outcome.intentHashes.push(this.intentHash());
      swap.outcome.homeTxHashes.push(this.homeTx());
      swap.outcome.amountOut = pool.total;
      if (usdNumber(BigInt(pool.pending), tokenOut) >= ANY_INPUT_WITHDRAW_USD) {
        const amount = BigInt(pool.pending);
        pool.withdrawals ??= [];
        const withdrawals = pool.withdrawals;
        try {
          let hash: string;
          if (req.recipientType === 'INTENTS') {
            this.ledger.credit(req.recipient, req.destinationAsset, amount);
            hash = swap.outcome.homeTxHashes.at(-1) ?? this.homeTx();
          } else {
            this.withdraw(swap, chainInfo(tokenOut.blockchain)!, amount);
            hash = swap.outcome.destinationChainTxHashes.at(-1)?.hash ?? this.homeTx();
          }
          pool.withdrawn = (BigInt(pool.withdrawn) + amount).toString();
          pool.pending = '0';
          withdrawals.push({ status: 'SUCCESS', amountOut: amount.toString(), withdrawFee: '0', atMs: at, hash });
        } catch {
          // The live job records the failed attempt and tries again later (docs/services.md, "ANY_INPUT").
          withdrawals.push({
            status: 'FAILED',
            amountOut: '0',
            withdrawFee: '0',
            atMs: at,
            hash: swap.outcome.intentHashes.at(-1) ?? this.homeTx(),
          });
          retry = true;
        }
      }
    }
    if (retry) swap.processAtMs = at + ANY_INPUT_RETRY_MS;
    swap.updatedAtMs = at;
  }

  // ---- helpers ----

  private setStatus(swap: SwapRecord, status: SwapRecord['status'], at: number): void {
    swap.status = status;
    swap.updatedAtMs = at;
  }

  private deadlineMs(swap: SwapRecord): number {
    return Date.parse(swap.quoteResponse.quoteRequest.deadline);
  }

  confirmedTotal(swap: SwapRecord): bigint {
    const asset = swap.quoteResponse.quoteRequest.originAsset;
    return swap.deposits.filter((d) => d.confirmed && d.assetId === asset).reduce((n, d) => n + BigInt(d.amount), 0n);
  }

  /** The chain deposits arrive on: the ledger for INTENTS deposits, else the origin asset's chain. */
  originChain(swap: SwapRecord): ChainInfo {
    const req = swap.quoteResponse.quoteRequest;
    const token = findToken(req.originAsset);
    return (
      (req.depositType === 'INTENTS' || !token ? chainInfo('home') : chainInfo(token.blockchain)) ?? chainInfo('home')!
    );
  }

  private addTxRef(list: TxRef[], hash: string, chain: ChainInfo): void {
    if (!list.some((t) => t.hash === hash)) list.push({ hash, explorerUrl: explorerUrl(chain, hash) });
  }

  private homeTx(): string {
    return txHashFromBytes('base58-32', this.ctx.random(32));
  }

  private chainTx(chain: ChainInfo): string {
    return txHashFromBytes(chain.txShape, this.ctx.random(64));
  }

  private intentHash(): string {
    return base58.encode(this.ctx.random(32));
  }

  /** A transaction hash shaped for the origin chain of a swap (for simulated deposits without one). */
  originTxHash(swap: SwapRecord): string {
    return this.chainTx(this.originChain(swap));
  }
}
