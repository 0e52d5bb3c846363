// The swap service's quote signing key as a setting (src/background/wallet/presets.ts, settings.ts):
// the presets bring their service's key, custom endpoints carry their own, a key stays with the swap
// service it was set for and is cleared when that endpoint changes (as credentials are), a tracked
// swap is checked with the key of the service it was made on, and only an ed25519 public key is taken.
import { describe, expect, it } from 'vitest';
import { PRESETS, quoteSigningKeyOf } from '../../../src/background/wallet/presets';
import {
  applySettingsChange,
  defaultSettings,
  type StoredSettings,
  settingsChangeSchema,
  settingsSchema,
  settingsView,
} from '../../../src/background/wallet/settingsModel';

const KEY = 'ed25519:6E8sCci9badyRkXb3JoRpBj5p8C6Tw41ELDZoiihKEtp';
const OTHER = 'ed25519:8EMe28vc3yCRzhVDm8EmEyRdKA3yBnD1kGvRaBVV6Aaf';
const view = (s: StoredSettings) => settingsView(s, {}).quoteSigningKey;

describe('which key a quote must carry', () => {
  it('Mainnet and Local carry their services’ keys; the view shows the key in use', () => {
    expect(view(defaultSettings('mainnet'))).toBe('ed25519:reYaWhvwu8Jzo3WUM3zhn6VrhuMEF4eADL17qtRVifc');
    expect(view(defaultSettings('local'))).toBe(PRESETS.local.quoteSigningKey);
  });

  it('a preset’s own key wins over what its stored settings say (storage cannot swap the Mainnet key)', () => {
    expect(quoteSigningKeyOf({ ...defaultSettings('mainnet'), quoteSigningKey: OTHER })).toBe(
      PRESETS.mainnet.quoteSigningKey,
    );
  });

  it('a swap tracked on another service is checked with that service’s key: a preset’s, or none when it is no longer configured', () => {
    const custom = applySettingsChange(defaultSettings('mainnet'), {
      endpoints: { swap: 'https://swap.example' },
      quoteSigningKey: KEY,
    });
    expect(quoteSigningKeyOf(custom, 'https://swap.example')).toBe(KEY);
    expect(quoteSigningKeyOf(custom, PRESETS.mainnet.endpoints.swap)).toBe(PRESETS.mainnet.quoteSigningKey);
    expect(quoteSigningKeyOf(custom, PRESETS.local.endpoints.swap)).toBe(PRESETS.local.quoteSigningKey);
    expect(quoteSigningKeyOf(custom, 'https://gone.example')).toBeNull();
  });
});

describe('changes', () => {
  it('editing another endpoint keeps the key of the swap service (custom now, the preset’s key with it)', () => {
    const s = applySettingsChange(defaultSettings('mainnet'), { endpoints: { bus: 'https://bus.example/rpc' } });
    expect(s.preset).toBe('custom');
    expect(view(s)).toBe(PRESETS.mainnet.quoteSigningKey);
  });

  it('moving the swap service clears the key, even to another path of the same origin; the same change may set a new one', () => {
    const custom = applySettingsChange(defaultSettings('local'), {
      endpoints: { swap: 'https://swap.example' },
      quoteSigningKey: KEY,
    });
    expect(view(custom)).toBe(KEY);
    expect(view(applySettingsChange(custom, { endpoints: { swap: 'https://swap.example/v1' } }))).toBeNull();
    expect(view(applySettingsChange(custom, { endpoints: { swap: 'https://other.example' } }))).toBeNull();
    expect(
      view(applySettingsChange(custom, { endpoints: { swap: 'https://other.example' }, quoteSigningKey: OTHER })),
    ).toBe(OTHER);
    expect(view(applySettingsChange(custom, { endpoints: { transactions: 'https://tx.example/api/v0' } }))).toBe(KEY);
    // Moving back does not bring it back.
    expect(
      view(
        applySettingsChange(applySettingsChange(custom, { endpoints: { swap: 'https://other.example' } }), {
          endpoints: { swap: 'https://swap.example' },
        }),
      ),
    ).toBeNull();
  });

  it('a preset brings its key; a key set on a preset that is not its own makes the endpoints custom; null removes it', () => {
    const custom = applySettingsChange(defaultSettings('local'), {
      endpoints: { swap: 'https://swap.example' },
      quoteSigningKey: KEY,
    });
    expect(view(applySettingsChange(custom, { preset: 'mainnet' }))).toBe(PRESETS.mainnet.quoteSigningKey);
    const own = applySettingsChange(defaultSettings('mainnet'), { quoteSigningKey: PRESETS.mainnet.quoteSigningKey });
    expect(own.preset).toBe('mainnet');
    const overridden = applySettingsChange(defaultSettings('mainnet'), { quoteSigningKey: KEY });
    expect([overridden.preset, view(overridden), overridden.endpoints]).toEqual([
      'custom',
      KEY,
      PRESETS.mainnet.endpoints,
    ]);
    expect(view(applySettingsChange(custom, { quoteSigningKey: null }))).toBeNull();
  });

  it('settings saved before the key existed: presets read their key, custom endpoints read none', () => {
    const { quoteSigningKey: _k, ...old } = defaultSettings('mainnet');
    expect(view(settingsSchema.parse(old))).toBe(PRESETS.mainnet.quoteSigningKey);
    expect(view(settingsSchema.parse({ ...old, preset: 'custom' }))).toBeNull();
  });
});

describe('only an ed25519 public key', () => {
  it('is taken, in its one spelling (prefix in lower case; bare base58 gets it)', () => {
    expect(settingsChangeSchema.parse({ quoteSigningKey: `  ${KEY}  ` }).quoteSigningKey).toBe(KEY);
    expect(settingsChangeSchema.parse({ quoteSigningKey: KEY.replace('ed25519', 'ED25519') }).quoteSigningKey).toBe(
      KEY,
    );
    expect(settingsChangeSchema.parse({ quoteSigningKey: KEY.slice('ed25519:'.length) }).quoteSigningKey).toBe(KEY);
  });

  it.each([
    ['not base58', 'ed25519:0OIl'],
    ['too short', 'ed25519:6E8sCci9badyRkXb3JoRpBj5p8C6Tw41'],
    ['a secret key (64 bytes)', `ed25519:${'1'.repeat(87)}`],
    ['a weak (small-order) point', 'ed25519:11111111111111111111111111111111'],
    ['another curve', 'secp256k1:6E8sCci9badyRkXb3JoRpBj5p8C6Tw41ELDZoiihKEtp'],
    ['empty', ''],
  ])('%s is refused, naming the field', (_what, text) => {
    const r = settingsChangeSchema.safeParse({ quoteSigningKey: text });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['quoteSigningKey']);
  });
});
