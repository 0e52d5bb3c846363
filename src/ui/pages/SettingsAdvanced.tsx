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
import { t } from '../i18n';
import { numberStyle } from '../numbers';
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
    <Screen
      title={t('settings_tabAdvanced')}
      testid="settings-advanced"
      ready={settings !== null || loadError !== null}
      focusHeading
    >
      <StatusLine>{!settings && !loadError ? t('advanced_loading') : ''}</StatusLine>
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
            note={t('advanced_jwtNote')}
          />
          <Credential
            name={t('advanced_busKey')}
            what="busApiKey"
            isSet={settings.hasBusApiKey}
            waiting={settings.credentialsWaiting.includes('busApiKey')}
            apply={apply}
            note={t('advanced_busKeyNote')}
          />
          <p class="hint" data-testid="settings-credential-rules">
            {t('advanced_credentialRules')}
          </p>
        </>
      )}
    </Screen>
  );
}

const ENDPOINTS: { key: keyof Endpoints; label(): string }[] = [
  { key: 'swap', label: () => t('advanced_swapUrl') },
  { key: 'transactions', label: () => t('advanced_transactionsUrl') },
  { key: 'bus', label: () => t('advanced_busUrl') },
  { key: 'ledgerRpc', label: () => t('advanced_ledgerRpcUrl') },
];

const PRESETS: { value: NetworkPreset; label(): string }[] = [
  { value: 'local', label: () => t('advanced_presetLocal') },
  { value: 'mainnet', label: () => t('net_mainnet') },
];

const WIRE_NAMES = (): { value: WireNames; label: string }[] => [
  { value: 'live', label: t('advanced_wireLive') },
  { value: 'interface', label: t('advanced_wireSimulator') },
];

/** A preset's name, as the network badge says it. */
const presetName = (preset: SettingsView['preset']): string =>
  preset === 'custom' ? t('net_custom') : preset === 'local' ? t('net_local') : t('net_mainnet');

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
    fallbackList.length > 5
      ? t('advanced_fallbacksMax', numberStyle().whole('5'))
      : (fallbackList.map(httpUrlProblem).find(Boolean) ?? null);

  const problems = Object.fromEntries(ENDPOINTS.map(({ key }) => [key, httpUrlProblem(endpoints[key])])) as Record<
    keyof Endpoints,
    string | null
  >;
  const verifierProblem = verifierId.trim() ? null : t('advanced_enterVerifier');
  // Empty is allowed (no key: no quote is used); anything else must be a key.
  const quoteKeyProblem = quoteKey.trim() ? publicKeyProblem(quoteKey) : null;

  const choosePreset = (preset: NetworkPreset) =>
    void action.run(async () => {
      setSaved('');
      await apply({ preset });
      setSaved(t('advanced_usingPreset', presetName(preset)));
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
      return setSaved(t('advanced_nothingChanged'));
    void action.run(async () => {
      await apply(change);
      setSaved(t('advanced_networkSaved'));
    });
  };

  return (
    <section class="group" aria-labelledby="settings-network">
      <h3 id="settings-network">{t('advanced_network')}</h3>
      <p>
        {t('advanced_signsFor')}{' '}
        <strong data-testid="settings-network-name" data-network={settings.network.id}>
          {settings.network.label}
        </strong>
        {' · '}
        {t('advanced_preset')} <strong data-testid="settings-preset">{presetName(settings.preset)}</strong>
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons is a group, not a section of a form; a fieldset would need a legend no one reads */}
      <div class="actions" role="group" aria-label={t('advanced_networkPreset')}>
        {PRESETS.map((p) => (
          <button
            key={p.value}
            type="button"
            aria-pressed={settings.preset === p.value}
            disabled={action.busy}
            onClick={() => choosePreset(p.value)}
            data-testid={`settings-preset-${p.value}`}
          >
            {p.label()}
          </button>
        ))}
      </div>
      <form onSubmit={save} noValidate>
        {ENDPOINTS.map(({ key, label }) => (
          <TextField
            key={key}
            label={label()}
            type="url"
            value={endpoints[key]}
            onValue={(v) => setEndpoints((old) => ({ ...old, [key]: v }))}
            testid={`settings-endpoint-${key}`}
            error={tried ? problems[key] : null}
          />
        ))}
        <TextField
          label={t('advanced_fallbacks')}
          verbatim
          value={fallbacks}
          onValue={setFallbacks}
          testid="settings-ledger-fallbacks"
          error={tried ? fallbacksProblem : null}
          hint={t('advanced_fallbacksHint')}
        />
        <p class="hint" data-testid="settings-ledger-active">
          {t('advanced_ledgerInUse', settings.ledgerRpcActive ?? t('advanced_ledgerNoneYet'))}
        </p>
        <TextField
          label={t('advanced_quoteKey')}
          verbatim
          value={quoteKey}
          onValue={setQuoteKey}
          testid="settings-quote-key"
          error={tried ? quoteKeyProblem : null}
          hint={t('advanced_quoteKeyHint')}
        />
        <TextField
          label={t('advanced_verifier')}
          verbatim
          value={verifierId}
          onValue={setVerifierId}
          testid="settings-verifier"
          error={tried ? verifierProblem : null}
          hint={t('advanced_verifierHint')}
        />
        <SelectField
          label={t('advanced_wireNames')}
          options={WIRE_NAMES()}
          value={wireNames}
          onValue={(v: WireNames) => setWireNames(v)}
          testid="settings-wire-names"
          hint={t('advanced_wireNamesHint')}
        />
        <p class="hint">{t('advanced_switchClears')}</p>
        <FormFooter
          busy={action.busy}
          label={t('advanced_saveNetwork')}
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
