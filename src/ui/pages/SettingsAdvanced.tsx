// Settings → Advanced: the protocol's side of the wallet, where its words belong (docs/glossary.md): the
// network and its service endpoints, finding the simulator, the credentials (JWT, message-bus key), the
// verifier, the field names, the quote signing key. The person's own settings are under General
// (./SettingsGeneral.tsx). Nothing here takes focus on its own: the title does (no URL field does).
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Endpoints, NetworkPreset, SettingsChange, SettingsView, WireNames } from '../../api/walletApi';
import { SelectField, TextField } from '../components/Field';
import { FindSimulator } from '../components/FindSimulator';
import { FormFooter } from '../components/FormFooter';
import { ErrorAlert, StatusLine } from '../components/Notice';
import { Screen } from '../components/Screen';
import { type Apply, Credential } from '../components/SettingsParts';
import { focusFirstInvalidSoon } from '../focus';
import { useAction } from '../useAction';
import { httpUrlProblem, publicKeyProblem } from '../validate';
import { messageOf, wallet } from '../wallet';

interface AdvancedProps {
  /** The wallet status changed (the network the header names). */
  onChanged(): Promise<void>;
}

export function AdvancedSettings({ onChanged }: AdvancedProps) {
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setSettings(await wallet.getSettings());
      setLoadError(null);
    } catch (err) {
      setLoadError(messageOf(err));
    }
  }, []);
  useEffect(() => void load(), [load]);

  /** Applies a change, reloads what the background now holds, and says so. */
  const apply = async (change: SettingsChange) => {
    await wallet.setSettings(change);
    await load();
    // The header's network badge follows the verifier (and the preset that sets it).
    if (change.preset || change.endpoints || change.verifierId) await onChanged();
  };

  return (
    <Screen title="Advanced" testid="settings-advanced" ready={settings !== null || loadError !== null} focusHeading>
      <StatusLine>{!settings && !loadError ? 'Loading settings…' : ''}</StatusLine>
      <ErrorAlert message={loadError} testid="settings-load-error" />
      {settings && (
        <>
          <Network settings={settings} apply={apply} />
          <FindSimulator
            onFound={async () => {
              await load();
              await onChanged(); // the header's network badge
            }}
          />
          <Credential
            name="JWT"
            what="jwt"
            isSet={settings.hasJwt}
            waiting={settings.credentialsWaiting.includes('jwt')}
            apply={apply}
            note="Sent only to the swap service, and to the transactions API when it too is https or on this computer, at the addresses set when you save it. Changing either address clears it. Without one, quotes carry a 0.2% fee."
          />
          <Credential
            name="Message-bus API key"
            what="busApiKey"
            isSet={settings.hasBusApiKey}
            waiting={settings.credentialsWaiting.includes('busApiKey')}
            apply={apply}
            note="Sent as X-API-Key only to the message bus at the address set when you save it. Changing that address clears it."
          />
          <p class="hint" data-testid="settings-credential-rules">
            Both are sent only over https (plain http only to this computer: 127.0.0.1, localhost or [::1]) and never to
            a page that a service redirects to. They are stored encrypted with your wallet’s key and used only while the
            wallet is unlocked.
          </p>
        </>
      )}
    </Screen>
  );
}

const ENDPOINTS: { key: keyof Endpoints; label: string }[] = [
  { key: 'swap', label: 'Swap service URL' },
  { key: 'transactions', label: 'Transactions API URL' },
  { key: 'bus', label: 'Message bus URL' },
  { key: 'ledgerRpc', label: 'Ledger RPC URL' },
];

const PRESETS: { value: NetworkPreset; label: string }[] = [
  { value: 'local', label: 'Local (simulator)' },
  { value: 'mainnet', label: 'Mainnet' },
];

const WIRE_NAMES: { value: WireNames; label: string }[] = [
  { value: 'live', label: 'The live services’ names' },
  { value: 'interface', label: 'The simulator’s names' },
];

function Network({ settings, apply }: { settings: SettingsView; apply: Apply }) {
  const [endpoints, setEndpoints] = useState<Endpoints>(settings.endpoints);
  const [verifierId, setVerifierId] = useState(settings.verifierId);
  const [wireNames, setWireNames] = useState<WireNames>(settings.wireNames);
  const [fallbacks, setFallbacks] = useState(settings.ledgerRpcFallbacks.join(' '));
  const [quoteKey, setQuoteKey] = useState(settings.quoteSigningKey ?? '');
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState('');
  const action = useAction();
  useEffect(() => {
    setEndpoints(settings.endpoints);
    setVerifierId(settings.verifierId);
    setWireNames(settings.wireNames);
    setFallbacks(settings.ledgerRpcFallbacks.join(' '));
    setQuoteKey(settings.quoteSigningKey ?? '');
  }, [settings]);
  const fallbackList = fallbacks.split(/[\s,]+/).filter(Boolean);
  const fallbacksProblem =
    fallbackList.length > 5 ? 'At most 5 fallback hosts' : (fallbackList.map(httpUrlProblem).find(Boolean) ?? null);

  const problems = Object.fromEntries(ENDPOINTS.map(({ key }) => [key, httpUrlProblem(endpoints[key])])) as Record<
    keyof Endpoints,
    string | null
  >;
  const verifierProblem = verifierId.trim() ? null : 'Enter the verifier account id';
  // Empty is allowed (no key: no quote is used); anything else must be a key.
  const quoteKeyProblem = quoteKey.trim() ? publicKeyProblem(quoteKey) : null;

  const choosePreset = (preset: NetworkPreset) =>
    void action.run(async () => {
      setSaved('');
      await apply({ preset });
      setSaved(`Using the ${preset === 'local' ? 'Local' : 'Mainnet'} preset.`);
    });

  const save = (e: Event) => {
    e.preventDefault();
    setTried(true);
    setSaved('');
    if (verifierProblem || fallbacksProblem || quoteKeyProblem || Object.values(problems).some(Boolean))
      return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    const changed: Partial<Endpoints> = {};
    for (const { key } of ENDPOINTS)
      if (endpoints[key].trim() !== settings.endpoints[key]) changed[key] = endpoints[key].trim();
    const change: SettingsChange = {};
    if (Object.keys(changed).length) change.endpoints = changed;
    if (verifierId.trim() !== settings.verifierId) change.verifierId = verifierId.trim();
    if (wireNames !== settings.wireNames) change.wireNames = wireNames;
    if (quoteKey.trim() !== (settings.quoteSigningKey ?? '')) change.quoteSigningKey = quoteKey.trim() || null;
    const fallbacksChanged = fallbackList.join(' ') !== settings.ledgerRpcFallbacks.join(' ');
    if (fallbacksChanged || (changed.ledgerRpc !== undefined && fallbackList.length > 0))
      change.ledgerRpcFallbacks = fallbackList;
    if (
      !change.endpoints &&
      change.verifierId === undefined &&
      !change.wireNames &&
      !change.ledgerRpcFallbacks &&
      change.quoteSigningKey === undefined
    )
      return setSaved('Nothing changed.');
    void action.run(async () => {
      await apply(change);
      setSaved('Network settings saved.');
    });
  };

  return (
    <section class="group" aria-labelledby="settings-network">
      <h3 id="settings-network">Network</h3>
      <p>
        Signs for:{' '}
        <strong data-testid="settings-network-name" data-network={settings.network.id}>
          {settings.network.label}
        </strong>
        {' · '}Preset:{' '}
        <strong data-testid="settings-preset">
          {settings.preset === 'custom' ? 'Custom' : settings.preset === 'local' ? 'Local' : 'Mainnet'}
        </strong>
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons is a group, not a section of a form; a fieldset would need a legend no one reads */}
      <div class="actions" role="group" aria-label="Network preset">
        {PRESETS.map((p) => (
          <button
            key={p.value}
            type="button"
            aria-pressed={settings.preset === p.value}
            disabled={action.busy}
            onClick={() => choosePreset(p.value)}
            data-testid={`settings-preset-${p.value}`}
          >
            {p.label}
          </button>
        ))}
      </div>
      <form onSubmit={save} noValidate>
        {ENDPOINTS.map(({ key, label }) => (
          <TextField
            key={key}
            label={label}
            type="url"
            value={endpoints[key]}
            onValue={(v) => setEndpoints((old) => ({ ...old, [key]: v }))}
            testid={`settings-endpoint-${key}`}
            error={tried ? problems[key] : null}
          />
        ))}
        <TextField
          label="Ledger RPC fallbacks, in order (space-separated URLs)"
          verbatim
          value={fallbacks}
          onValue={setFallbacks}
          testid="settings-ledger-fallbacks"
          error={tried ? fallbacksProblem : null}
          hint="Asked when the ledger RPC above fails (network error, 429, 5xx); a contract’s answer is never asked again elsewhere."
        />
        <p class="hint" data-testid="settings-ledger-active">
          Ledger RPC in use: {settings.ledgerRpcActive ?? 'none yet (the first that answers)'}
        </p>
        <TextField
          label="Quote signing key (swap service)"
          verbatim
          value={quoteKey}
          onValue={setQuoteKey}
          testid="settings-quote-key"
          error={tried ? quoteKeyProblem : null}
          hint="Every quote must carry this key’s signature, or it is refused. The presets bring their service’s key; a custom swap service needs its own, and changing the swap service URL clears it."
        />
        <TextField
          label="Verifier account"
          verbatim
          value={verifierId}
          onValue={setVerifierId}
          testid="settings-verifier"
          error={tried ? verifierProblem : null}
          hint="The verifier is the network: intents.near is Mainnet, intents.sim the simulator (Local). A site connected on one network is not connected on another."
        />
        <SelectField
          label="Field names for custom endpoints"
          options={WIRE_NAMES}
          value={wireNames}
          onValue={(v: WireNames) => setWireNames(v)}
          testid="settings-wire-names"
          hint="Mainnet always uses the live services’ names and Local the simulator’s; this applies only to custom endpoints."
        />
        <p class="hint">
          Switching the preset or moving a service to another address clears the JWT, API key or quote signing key saved
          for that service.
        </p>
        <FormFooter
          busy={action.busy}
          label="Save network"
          submitTestid="settings-network-save"
          error={action.error}
          errorTestid="settings-network-error"
          status={saved}
          statusTestid="settings-network-status"
        />
      </form>
    </section>
  );
}
