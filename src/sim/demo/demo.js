// Intents Companion: a demo dApp, and the integration guide. It uses the dApp kit (src/kit, served
// here as /demo/kit/*.js; docs/dapps.md): discover() finds the wallet (`window.intentsCompanion`, or the
// `intents:announceProvider` answer to `intents:requestProvider`), and every call is
//   wallet.request(method, params) → Promise<result>
// which rejects with an IntentsKitError { code, message, data? }: 4001 the user rejected, 4100 not
// connected (or locked), 4200 unknown method, 4900 the extension or a service is unreachable
// (data.service, data.setting), -32602 invalid params, -32002 a request from this site is already
// waiting, -32005 too many requests, -32010 the quote expired (ask for a new one).
import { discover } from '/demo/kit/index.js';

const WNEAR = 'nep141:wrap.near';
const USDT = 'nep141:usdt.tether-token.near';
const ONE_WNEAR = '1000000000000000000000000'; // wNEAR has 24 decimals
const TEN_WNEAR = '10000000000000000000000000';

/** The simulator's development key for its message bus, rendered into the page by the simulator. */
const BUS_API_KEY = document.querySelector('meta[name="sim-bus-key"]').content;

let provider = null; // the wallet, once found
let account = null; // { accountId, publicKey } of the connected account
let offer = null; // the best quote from the message bus
let intentHash = null; // the published swap
const logged = new WeakSet(); // errors already in the log

// ---- 1. Find the wallet ----------------------------------------------------------------------------

function useWallet(found, how) {
  if (provider) return;
  provider = found;
  $('wallet').textContent = `Wallet found (${how}).`;
  $('wallet').classList.add('found');
  // Events: accountsChanged fires on connect, switch, revoke and lock; lock/unlock on the wallet's state.
  for (const event of ['accountsChanged', 'connect', 'disconnect', 'lock', 'unlock', 'networkChanged']) {
    provider.on(event, (data) => {
      log(`event ${event}`, data, 'event');
      if (event === 'accountsChanged') showAccount(Array.isArray(data) ? data[0] : null);
      if (event === 'lock') showAccount(null);
    });
  }
  // Already connected on an earlier visit? intents_accounts never prompts.
  call('intents_accounts').then(
    (accounts) => showAccount(accounts?.[0]),
    () => {},
  );
}

discover({ timeoutMs: 1000 }).then((found) => {
  if (found) useWallet(found, found.info ? `announced as ${found.info.name}` : 'window.intentsCompanion');
  else $('wallet').textContent = 'No wallet found: install Intents Companion and reload.';
});

// ---- 2. Connect ------------------------------------------------------------------------------------

on('connect', async () => {
  // Opens the wallet's connect window once per site; the user picks the accounts to share.
  const accounts = await call('intents_requestAccounts', {});
  showAccount(accounts[0]);
});

// ---- 3. Sign a message (NEP-413) ----------------------------------------------------------------------

on('sign-message', async () => {
  const nonce = base64(crypto.getRandomValues(new Uint8Array(32))); // 32 fresh bytes, every time
  // recipient: who the signature is for, here this site. Verify the answer on your server.
  await call('intents_signMessage', {
    message: `Sign in to the demo dApp at ${new Date().toISOString()}`,
    recipient: location.host,
    nonce,
    accountId: account?.accountId,
  });
});

// ---- 4. Funds to swap (simulator only) ------------------------------------------------------------------

on('fund', async () => {
  if (!needAccount()) return;
  await http('POST /dev/fund', '/dev/fund', { accountId: account.accountId, tokenId: WNEAR, amount: TEN_WNEAR });
});

// ---- 5. A quote from the message bus's solvers ------------------------------------------------------------

on('quote', async () => {
  const offers = await busCall('quote', {
    defuse_asset_identifier_in: WNEAR,
    defuse_asset_identifier_out: USDT,
    exact_amount_in: ONE_WNEAR,
  });
  // null: no solver answered; entries without quote_hash are "amount too small" answers.
  const usable = (offers ?? []).filter((o) => o.quote_hash);
  offer = usable.sort((a, b) => (BigInt(b.amount_out) > BigInt(a.amount_out) ? 1 : -1))[0] ?? null;
  log('best offer', offer ? `${units(offer.amount_in, 24)} wNEAR → ${units(offer.amount_out, 6)} USDT` : 'none');
});

// ---- 6. Sign and publish the swap against the quote -------------------------------------------------------

on('publish', async () => {
  if (!needAccount()) return;
  if (!offer) return log('publish', 'get a quote first', 'error');
  // A token_diff: what you give (negative) and what you receive. The solver's quote is the other side;
  // the wallet shows both lines, simulates the batch, and publishes after the user confirms.
  const result = await call('intents_publishIntents', {
    signerId: account.accountId,
    intents: [{ intent: 'token_diff', diff: { [WNEAR]: `-${offer.amount_in}`, [USDT]: offer.amount_out } }],
    quoteHashes: [offer.quote_hash],
  });
  intentHash = result.intentHash;
  offer = null; // a quote is used once
});

// ---- 7. Follow the swap ------------------------------------------------------------------------------

on('status', async () => {
  if (!intentHash) return log('status', 'publish a swap first', 'error');
  // waitForIntent reads intents_getIntentStatus until SETTLED or NOT_FOUND_OR_NOT_VALID.
  let last = null;
  const final = await provider.waitForIntent(intentHash, {
    timeoutMs: 60_000,
    onStatus: ({ status }) => {
      if (status !== last) log('intents_getIntentStatus', status);
      last = status;
    },
  });
  if (final.status === 'SETTLED' && account)
    await http('balances', `/dev/balances?accountId=${encodeURIComponent(account.accountId)}`);
});

// ---- 8. Disconnect -----------------------------------------------------------------------------------

on('disconnect', async () => {
  await call('intents_disconnect', {});
  showAccount(null);
});

// ---- helpers -----------------------------------------------------------------------------------------

/** provider.request with the call and its result (or error code and message) in the log. */
async function call(method, params) {
  if (!provider) throw new Error('No wallet found');
  log(`→ ${method}`, params ?? '');
  try {
    const result = await provider.request(method, params);
    log(`← ${method}`, result);
    return result;
  } catch (err) {
    log(`✗ ${method}`, `${err.code} ${err.message}`, 'error');
    logged.add(err);
    throw err;
  }
}

/** One JSON-RPC call to the simulator's message bus (the same origin as this page). */
async function busCall(method, params) {
  const body = await http(
    `bus ${method}`,
    '/rpc',
    { jsonrpc: '2.0', id: 1, method, params: [params] },
    { 'X-API-Key': BUS_API_KEY },
  );
  if (body.error) throw new Error(`${body.error.code} ${body.error.message}`);
  return body.result;
}

async function http(label, path, body, headers = {}) {
  const res = await fetch(
    path,
    body === undefined
      ? {}
      : {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify(body),
        },
  );
  const json = await res.json();
  log(`${label} (HTTP ${res.status})`, json, res.ok ? '' : 'error');
  return json;
}

function showAccount(next) {
  account = typeof next === 'string' ? { accountId: next } : (next ?? null);
  $('account').textContent = account ? `Connected: ${account.accountId}` : 'Not connected.';
}

function needAccount() {
  if (!account) log('', 'connect first', 'error');
  return account !== null;
}

function on(id, handler) {
  // Errors are already in the log; a failed step just ends.
  $(id).addEventListener('click', () =>
    handler().catch((err) => logged.has(err) || log(`✗ ${id}`, `${err.code ?? ''} ${err.message}`.trim(), 'error')),
  );
}

function log(label, value, kind = '') {
  const li = document.createElement('li');
  li.className = kind;
  li.textContent = `${new Date().toLocaleTimeString()}  ${label}  ${typeof value === 'string' ? value : JSON.stringify(value)}`;
  $('log').prepend(li);
}

/** "2300000" with 6 decimals → "2.3": exact, BigInt only (never floats for token amounts). */
function units(raw, decimals) {
  const n = BigInt(raw);
  const scale = 10n ** BigInt(decimals);
  const fraction = (n % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${n / scale}.${fraction}` : `${n / scale}`;
}

function base64(bytes) {
  return btoa(String.fromCharCode(...bytes));
}

function $(id) {
  return document.getElementById(id);
}

$('clear').addEventListener('click', () => $('log').replaceChildren());
