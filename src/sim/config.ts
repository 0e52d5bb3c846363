/** Simulator settings: flags and env (`npm run sim -- --port 3999`, SIM_PORT=3999). */
import { isValidAccountId, SIM_VERIFIER } from '../core';
import type { ClockMode } from './clock';

export interface SimTiming {
  /** From a deposit seen on the origin chain to KNOWN_DEPOSIT_TX being reported. */
  depositDetectMs: number;
  /** KNOWN_DEPOSIT_TX → PROCESSING. */
  confirmMs: number;
  /** PROCESSING → SUCCESS / REFUNDED. */
  processMs: number;
  /** Message bus: PENDING → TX_BROADCASTED → SETTLED, each step. */
  busStepMs: number;
  /** How long solvers take to answer a bus quote. */
  solverLatencyMs: number;
}

export const TIMING_PRESETS: Record<'fast' | 'realistic', SimTiming> = {
  fast: { depositDetectMs: 300, confirmMs: 500, processMs: 1000, busStepMs: 200, solverLatencyMs: 20 },
  realistic: { depositDetectMs: 15_000, confirmMs: 30_000, processMs: 120_000, busStepMs: 1500, solverLatencyMs: 300 },
};

export interface SimConfig {
  host: string;
  port: number;
  /** JSON file the state is kept in; none = memory only. */
  dataFile?: string | undefined;
  timing: SimTiming;
  /**
   * `real`: time passes by itself (the dev simulator). `manual`: time stands until `/dev/clock/advance`
   * moves it (tests; src/sim/clock.ts).
   */
  clock: ClockMode;
  /** Seed for the simulator's own keys (quote signer, JWT secret, solvers), so restarts keep them. */
  seed: string;
  /**
   * The verifier account: `intents.sim` by default, an account Mainnet cannot have, so nothing signed
   * for the simulator executes on Mainnet (docs/security.md, "Networks").
   */
  verifierId: string;
  /** Verifier fee in pips (docs/protocol.md, "Fees and the token_diff invariant"). */
  feePips: number;
  /** Largest request body accepted, bytes. */
  bodyLimit: number;
  /** Print one line per request. */
  log: boolean;
}

export const DEFAULT_CONFIG: SimConfig = {
  host: '127.0.0.1',
  port: 3999,
  dataFile: undefined,
  timing: TIMING_PRESETS.fast,
  clock: 'real',
  seed: 'intents-companion-simulator',
  verifierId: SIM_VERIFIER,
  feePips: 1,
  bodyLimit: 256 * 1024,
  log: false,
};

const FLAGS: Record<string, string> = {
  '--host': 'SIM_HOST',
  '--port': 'SIM_PORT',
  '--data': 'SIM_DATA',
  '--timing': 'SIM_TIMING',
  '--clock': 'SIM_CLOCK',
  '--seed': 'SIM_SEED',
  '--fee-pips': 'SIM_FEE_PIPS',
  '--verifier': 'SIM_VERIFIER',
  '--log': 'SIM_LOG',
};

/** Reads flags first, then env; refuses unknown flags and bad values with a clear message. */
export function configFromArgs(argv: readonly string[], env: Record<string, string | undefined>): SimConfig {
  const values: Record<string, string | undefined> = {};
  for (const name of Object.values(FLAGS)) values[name] = env[name];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    const name = FLAGS[flag];
    if (!name) throw new Error(`unknown option '${flag}' (known: ${Object.keys(FLAGS).join(', ')})`);
    if (flag === '--log') {
      values[name] = inline ?? 'true';
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`option '${flag}' needs a value`);
    values[name] = value;
  }
  const config: SimConfig = { ...DEFAULT_CONFIG };
  if (values.SIM_HOST) config.host = values.SIM_HOST;
  if (values.SIM_PORT) {
    const port = Number(values.SIM_PORT);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new Error(`port must be 0–65535, got '${values.SIM_PORT}'`);
    config.port = port;
  }
  if (values.SIM_DATA) config.dataFile = values.SIM_DATA;
  if (values.SIM_TIMING) {
    const preset = TIMING_PRESETS[values.SIM_TIMING as keyof typeof TIMING_PRESETS];
    if (!preset) throw new Error(`timing must be one of ${Object.keys(TIMING_PRESETS).join(', ')}`);
    config.timing = preset;
  }
  if (values.SIM_CLOCK) {
    if (values.SIM_CLOCK !== 'real' && values.SIM_CLOCK !== 'manual')
      throw new Error(`clock must be real or manual, got '${values.SIM_CLOCK}'`);
    config.clock = values.SIM_CLOCK;
  }
  if (values.SIM_SEED) config.seed = values.SIM_SEED;
  if (values.SIM_FEE_PIPS) {
    const fee = Number(values.SIM_FEE_PIPS);
    if (!Number.isInteger(fee) || fee < 0 || fee > 1_000_000) throw new Error('fee pips must be 0–1000000');
    config.feePips = fee;
  }
  if (values.SIM_VERIFIER) {
    if (!isValidAccountId(values.SIM_VERIFIER))
      throw new Error(`verifier must be an account id, got '${values.SIM_VERIFIER}'`);
    config.verifierId = values.SIM_VERIFIER;
  }
  if (values.SIM_LOG) config.log = values.SIM_LOG !== 'false' && values.SIM_LOG !== '0';
  return config;
}
