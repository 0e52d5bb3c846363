// The window's own words for each intent of a preview: it parses the intents the background sent
// (src/core/intents.ts) and describes each against the tokens they name (src/core/describe.ts), so what it
// shows comes from the exact payload, not from words the background chose. Loaded only for a request that
// carries intents: the parser and its schemas are most of a window's script, and a connect or message
// request never needs them (docs/architecture.md, "Budgets").

import type { IntentsPreview, IntentsPreviewWire } from '../../api/approvalApi';
import { describeIntent } from '../../core/describe';
import { parseIntents } from '../../core/intents';
import type { NetworkId } from '../../core/network';
import { tokenTable } from '../../core/tokens';
import { chainName, setNamesNetwork } from '../chains';
import { said } from '../phrase';

/** `network`: the one the request is for (the window's), which names the chains from then on; else the page's. */
export function worded(wire: IntentsPreviewWire, network?: NetworkId): IntentsPreview {
  if (network) setNamesNetwork(network);
  const { tokens, intents, ...rest } = wire;
  const table = tokenTable(tokens);
  const parsed = parseIntents(intents.map((i) => i.intent));
  return {
    ...rest,
    intents: intents.map(({ intent: _intent, ...i }, k) => ({
      ...i,
      lines: describeIntent(parsed[k]!, table, chainName).map(said),
    })),
  };
}
