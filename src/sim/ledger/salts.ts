/**
 * The salt registry (docs/protocol.md, "Nonces"; near/intents contracts/defuse/src/contract/state/
 * salt_registry.rs): one current salt, earlier salts stay valid until invalidated. A new salt is the
 * first 4 bytes of sha256(seed ‖ n) for the first n not used yet; the contract's seed is the block's
 * random seed, ours is derived from the simulator seed and a generation counter, so salts are
 * reproducible across runs.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, hex, utf8 } from '../../core';
import { VerifierError } from './errors';
import { own, type SaltState } from './state';

const SALT_RE = /^[0-9a-f]{8}$/;

export function isSaltHex(text: string): boolean {
  return SALT_RE.test(text);
}

export class SaltRegistry {
  constructor(
    private readonly state: SaltState,
    private readonly seed: string,
  ) {}

  static initial(seed: string): SaltState {
    return { current: deriveSalt(seed, 0, 0), previous: {}, generation: 1 };
  }

  get current(): string {
    return this.state.current;
  }

  isValid(salt: string): boolean {
    return salt === this.state.current || own(this.state.previous, salt) === true;
  }

  /** `update_current_salt`: a new current salt; the old one stays valid. Returns the old one. */
  rotate(): string {
    const next = this.deriveNext();
    return this.replaceCurrent(next);
  }

  /**
   * `invalidate_salts`: each valid salt becomes invalid, the current one rotated first; unknown or
   * already invalid salts are skipped silently, as the contract does (near/intents
   * contracts/defuse/src/contract/salts.rs: "omits any errors").
   */
  invalidate(salts: readonly string[]): void {
    for (const salt of salts.map((s) => s.toLowerCase())) {
      if (!this.isValid(salt)) continue;
      if (salt === this.state.current) this.rotate();
      this.state.previous[salt] = false;
    }
  }

  /** Dev control: makes `salt` current (valid again if it had been invalidated); the old one stays valid. */
  set(salt: string): void {
    const s = salt.toLowerCase();
    if (!isSaltHex(s)) throw new VerifierError('salt must be 8 hex characters');
    if (s === this.state.current) return;
    delete this.state.previous[s];
    this.replaceCurrent(s);
  }

  private replaceCurrent(next: string): string {
    const old = this.state.current;
    this.state.previous[old] = true;
    this.state.current = next;
    return old;
  }

  private deriveNext(): string {
    const generation = this.state.generation++;
    for (let n = 0; n <= 255; n++) {
      const salt = deriveSalt(this.seed, generation, n);
      if (salt !== this.state.current && own(this.state.previous, salt) === undefined) return salt;
    }
    throw new VerifierError('maximum attempts to generate a new salt reached');
  }
}

function deriveSalt(seed: string, generation: number, n: number): string {
  const blockSeed = sha256(utf8.encode(`${seed}/salt/${generation}`));
  return hex.encode(sha256(concatBytes(blockSeed, new Uint8Array([n]))).subarray(0, 4));
}
