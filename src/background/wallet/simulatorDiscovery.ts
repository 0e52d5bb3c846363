/**
 * "Find simulator" (docs/dapps.md, "Develop against the simulator"): points the Local preset at the
 * simulator the developer started, on whatever port, with its message-bus key and JWT.
 *
 * Safe by construction (docs/security.md, "Finding the simulator"):
 * - It looks only at 127.0.0.1, at the port the person typed in the popup or, without one, at a short
 *   fixed list of ports; the URL is built here from a checked port number, never taken from an answer.
 * - Only the extension's own pages can ask (a wallet method: the router refuses web pages), so no page
 *   can make the wallet look or choose what it finds.
 * - What answers must identify itself as the simulator and is checked field by field (zod) before
 *   anything is used: its verifier must be the simulator's (`intents.sim`, the Local network, which
 *   Mainnet refuses) and its quote key the one the Local preset trusts. No redirect is followed.
 * - What it finds becomes an ordinary settings change (`preset: 'local'`, `localPort`, the credentials):
 *   stored, sealed and bound to the endpoints' origins like any other (./settings.ts).
 */
import * as z from 'zod/mini';
import type { FetchLike } from '../../core';
import { SIMULATOR_ID, SIMULATOR_INFO_PATH, SIMULATOR_PATHS } from '../../core/simulatorInfo';
import { ERROR_CODES } from '../../provider/protocol';
import { ProviderError } from '../providerError';
import { credential, PRESETS, SIM_PORT } from './presets';
import type { SettingsChangeInput } from './settingsModel';

/** Ports tried when none is typed: `npm run sim`'s own, then the next ten. */
export const SIMULATOR_PORTS: readonly number[] = Array.from({ length: 11 }, (_, i) => SIM_PORT + i);
/** A simulator on this computer answers at once; a port nobody listens on is refused at once. */
const PROBE_TIMEOUT_MS = 1500;
/** The info is a few hundred bytes: anything much longer is not the simulator. */
const MAX_INFO_CHARS = 8192;

const infoSchema = z.lazy(() =>
  z.object({
    simulator: z.literal(SIMULATOR_ID),
    verifierId: z.string().check(z.maxLength(64)),
    quoteSigningKey: z.string().check(z.maxLength(128)),
    busApiKey: credential,
    devJwt: credential,
    paths: z.strictObject({
      swap: z.literal(SIMULATOR_PATHS.swap),
      transactions: z.literal(SIMULATOR_PATHS.transactions),
      bus: z.literal(SIMULATOR_PATHS.bus),
      ledgerRpc: z.literal(SIMULATOR_PATHS.ledgerRpc),
    }),
  }),
);

/**
 * What one port gave: the change, or why it is not the Local simulator in words for the person (`simulator`:
 * the simulator answered but runs another network; null: nothing answered).
 */
type Probe = { port: number; change: SettingsChangeInput } | { port: number; refusal: string | null; simulator?: true };

export interface SimulatorFinderDeps {
  fetch: FetchLike;
  /** The ports tried when none is given (tests give their own). */
  ports?: readonly number[];
}

export class SimulatorFinder {
  private readonly ports: readonly number[];

  constructor(private readonly deps: SimulatorFinderDeps) {
    this.ports = deps.ports ?? SIMULATOR_PORTS;
  }

  /**
   * The settings change that puts the wallet on the simulator at `port` of 127.0.0.1, or on the first of
   * the usual ports that is the simulator. Throws a ProviderError whose message says what to do.
   */
  async find(port?: number): Promise<{ port: number; change: SettingsChangeInput }> {
    const ports = port === undefined ? this.ports : [port];
    const probes = await Promise.all(ports.map((p) => this.probe(p)));
    const found = probes.find((p) => 'change' in p);
    if (found && 'change' in found) return found;
    // A typed port says what answered there; a scan names only a simulator on another network (other
    // local servers on the usual ports are none of its business).
    for (const p of probes)
      if ('refusal' in p && p.refusal !== null && (port !== undefined || p.simulator))
        throw new ProviderError(ERROR_CODES.disconnected, p.refusal);
    const where = port === undefined ? `ports ${ports[0]}–${ports[ports.length - 1]}` : `port ${port}`;
    throw new ProviderError(
      ERROR_CODES.disconnected,
      `No simulator answered on 127.0.0.1 (${where}). Start one with npm run sim, or enter the port it printed.`,
    );
  }

  private async probe(port: number): Promise<Probe> {
    if (!Number.isInteger(port) || port < 1 || port > 65535) return { port, refusal: `${port} is not a port` };
    const where = `127.0.0.1:${port}`;
    let text: string;
    try {
      const res = await this.deps.fetch(`http://${where}${SIMULATOR_INFO_PATH}`, {
        method: 'GET',
        headers: {},
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
        redirect: 'manual',
      });
      if (res.status !== 200)
        return { port, refusal: `${where} answered, but it is not the simulator (HTTP ${res.status}).` };
      text = await res.text();
    } catch {
      return { port, refusal: null };
    }
    let info: z.output<typeof infoSchema>;
    try {
      if (text.length > MAX_INFO_CHARS) throw new Error('too long');
      info = infoSchema.parse(JSON.parse(text));
    } catch {
      return { port, refusal: `${where} answered, but it is not the Intents Companion simulator.` };
    }
    if (info.verifierId !== PRESETS.local.verifierId)
      return {
        port,
        simulator: true,
        refusal: `The simulator on ${where} runs the verifier ${info.verifierId}, not ${PRESETS.local.verifierId}: it is not the Local network. Point the wallet at it with custom endpoints.`,
      };
    if (info.quoteSigningKey !== PRESETS.local.quoteSigningKey)
      return {
        port,
        simulator: true,
        refusal: `The simulator on ${where} signs quotes with another key than the Local preset trusts.`,
      };
    return { port, change: { preset: 'local', localPort: port, busApiKey: info.busApiKey, jwt: info.devJwt } };
  }
}
