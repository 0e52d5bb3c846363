/**
 * Endpoints, verifier and credentials, kept in storage.local (what they are and how a change applies:
 * ./settingsModel.ts): presets Local (the simulator on 127.0.0.1, the default in development builds)
 * and Mainnet (the live services, the default in production builds). Credentials stay in the
 * background, sealed, bound to the origins they were entered for (./credentials.ts, docs/security.md
 * "Credentials"): pages only learn whether they are set.
 */
import type { NetworkPreset, SettingsView } from '../../api/walletApi';
import type { BoundCredential } from '../../core';
import { phrase } from '../../core/phrase';
import { serial } from '../../core/serial';
import { VaultError } from '../../vault';
import { CorruptedValueError, type KeyValue } from '../kv';
import type { StorageProblems } from '../problems';
import {
  aadFor,
  type Binding,
  bindingFor,
  CREDENTIAL_FIELDS,
  CREDENTIAL_LABEL,
  type CredentialCipher,
  type CredentialField,
  credentialWords,
  isStillBound,
  originsOf,
  type Waiting,
  WaitingCredentials,
} from './credentials';
import { withNetworkRules } from './network';
import {
  applySettingsChange,
  defaultSettings,
  type Settings,
  type SettingsChangeInput,
  type StoredSettings,
  settingsSchema,
  settingsView,
} from './settingsModel';

export { DEFAULT_AUTO_LOCK_MINUTES, PRESETS, quoteSigningKeyOf, SIM_BASE, wireNamesOf } from './presets';

/** Where the settings are stored (a clear record: ../sealedRecords.ts). */
export const SETTINGS_KEY = 'settings';
const KEY = SETTINGS_KEY;

export interface SettingsStoreDeps {
  /** storage.session: credentials entered while locked wait there. */
  session: KeyValue;
  /** The vault, which holds the credentials key (a function: the vault is built after the settings). */
  cipher: () => CredentialCipher;
}

export class SettingsStore {
  private cached: StoredSettings | undefined;
  /** Changes run one after another: two popups saving at once must not drop either change. */
  private readonly serial = serial();
  private readonly waiting: WaitingCredentials;
  /** Sealed credentials opened since the wallet was last seen locked. */
  private opened = new WeakSet<object>();

  constructor(
    private readonly kv: KeyValue,
    private readonly defaultPreset: NetworkPreset,
    private readonly problems: StorageProblems | undefined,
    private readonly deps: SettingsStoreDeps,
  ) {
    this.waiting = new WaitingCredentials(deps.session);
  }

  private async stored(): Promise<StoredSettings> {
    if (this.cached) return this.cached;
    try {
      const read = await this.kv.read(KEY, settingsSchema);
      this.cached = read ? withNetworkRules(read) : defaultSettings(this.defaultPreset);
    } catch (e) {
      if (!(e instanceof CorruptedValueError)) throw e;
      // Kept as it is until the user saves settings again; meanwhile the build's default network.
      this.problems?.report(
        'settings',
        KEY,
        'Your saved settings are damaged: the default network is in use until you save settings again.',
        phrase('storeProblem_settings'),
      );
      this.cached = defaultSettings(this.defaultPreset);
    }
    return this.cached;
  }

  /** Opens each stored credential once per unlock, so one this wallet cannot open is reported by wallet_status. */
  async checkCredentials(): Promise<void> {
    if (!this.deps.cipher().isUnlocked) {
      this.opened = new WeakSet();
      return;
    }
    const s = await this.stored();
    for (const field of CREDENTIAL_FIELDS) {
      const stored = s[field];
      if (stored === null || typeof stored === 'string' || this.opened.has(stored)) continue;
      await this.open(field, s);
      if (this.deps.cipher().isUnlocked) this.opened.add(stored);
    }
  }

  /** The settings without credentials (nothing decrypted): for wallet_status and the rest that need no JWT or key. */
  async plain(): Promise<Omit<StoredSettings, CredentialField>> {
    const { jwt: _jwt, busApiKey: _busApiKey, ...rest } = await this.stored();
    return { ...rest, endpoints: { ...rest.endpoints } };
  }

  /** The settings with each credential opened, when the wallet is unlocked and its origins unchanged. */
  async get(): Promise<Settings> {
    const s = await this.stored();
    return {
      ...s,
      endpoints: { ...s.endpoints },
      jwt: await this.open('jwt', s),
      busApiKey: await this.open('busApiKey', s),
    };
  }

  async view(): Promise<SettingsView> {
    return settingsView(await this.stored(), await this.waiting.read());
  }

  private async open(field: CredentialField, s: StoredSettings): Promise<BoundCredential | null> {
    const stored = s[field];
    const cipher = this.deps.cipher();
    // A plaintext value from an older version is not used: the next unlock seals it first.
    if (stored === null || typeof stored === 'string' || !cipher.isUnlocked) return null;
    if (!isStillBound(field, stored.bound, s.endpoints)) return null;
    try {
      const value = await cipher.openCredential(stored, aadFor(field, stored.bound));
      return { value, origins: originsOf(stored.bound) };
    } catch (e) {
      if (!(e instanceof VaultError)) throw e;
      if (e.code !== 'locked') {
        this.problems?.report(
          'credentials',
          `credentials.${field}`,
          `The saved ${CREDENTIAL_LABEL[field]} cannot be opened by this wallet; enter it again in Settings.`,
          phrase('storeProblem_credentialUnreadable', credentialWords(field)),
        );
      }
      return null;
    }
  }

  private async seal(field: CredentialField, value: string, bound: Binding) {
    const sealed = await this.deps.cipher().sealCredential(value, aadFor(field, bound));
    this.problems?.clear(`credentials.${field}`);
    return { bound, ...sealed };
  }

  /**
   * Applies a change. A new credential is refused (ProtocolError naming the field) for an endpoint
   * that is neither https nor loopback; it is sealed at once while unlocked, else it waits for the
   * next unlock. Credentials whose origin changed are cleared, waiting ones too.
   */
  change(change: SettingsChangeInput): Promise<SettingsView> {
    return this.serial(async () => {
      let next = applySettingsChange(await this.stored(), change);
      const waiting: Waiting = { ...(await this.waiting.read()) };
      for (const field of CREDENTIAL_FIELDS) {
        const w = waiting[field];
        if (change[field] === null || (w && !isStillBound(field, w.bound, next.endpoints))) delete waiting[field];
        const value = change[field];
        if (typeof value !== 'string') continue;
        const bound = bindingFor(field, next.endpoints);
        if (this.deps.cipher().isUnlocked) {
          next = { ...next, [field]: await this.seal(field, value, bound) };
          delete waiting[field];
        } else {
          // Replaces what was stored: the user asked for this value, and it takes over at the unlock.
          next = { ...next, [field]: null };
          waiting[field] = { value, bound };
        }
      }
      next = settingsSchema.parse(next);
      await this.kv.write(KEY, next);
      this.cached = next;
      this.problems?.clear(KEY);
      await this.waiting.write(waiting);
      return settingsView(next, waiting);
    });
  }

  /**
   * After an unlock or a wallet's creation: seals the credentials that waited in storage.session and
   * those an older version stored in plaintext, and deletes the plaintext. A plaintext credential
   * for an endpoint that may not carry one is removed and the user is told so.
   */
  sealWaiting(): Promise<void> {
    return this.serial(async () => {
      if (!this.deps.cipher().isUnlocked) return;
      const [s, { waiting, stored: anyWaiting }] = await Promise.all([this.stored(), this.waiting.pending()]);
      let next = s;
      for (const field of CREDENTIAL_FIELDS) {
        const w = waiting[field];
        const stored = s[field];
        if (w) {
          if (isStillBound(field, w.bound, s.endpoints))
            next = { ...next, [field]: await this.seal(field, w.value, w.bound) };
        } else if (typeof stored === 'string') {
          let bound: Binding | null = null;
          try {
            bound = bindingFor(field, s.endpoints);
          } catch {
            this.problems?.report(
              'credentials',
              `credentials.${field}`,
              `The ${CREDENTIAL_LABEL[field]} saved by an earlier version was removed: its endpoint is neither https nor this computer. Enter it again for an https endpoint in Settings.`,
              phrase('storeProblem_credentialRemoved', credentialWords(field)),
            );
          }
          next = { ...next, [field]: bound ? await this.seal(field, stored, bound) : null };
        }
      }
      if (next !== s) {
        next = settingsSchema.parse(next);
        await this.kv.write(KEY, next);
        this.cached = next;
      }
      if (anyWaiting) await this.waiting.write({});
    });
  }
}
