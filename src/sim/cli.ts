/** `npm run sim`: starts the simulated network and prints where everything is. */
import { errorText } from '../core/errorText';
import { configFromArgs, type SimConfig } from './config';
import { startSimulator } from './server';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

async function main(): Promise<void> {
  let config: SimConfig;
  try {
    config = configFromArgs(process.argv.slice(2), process.env);
  } catch (e) {
    console.error(`sim: ${errorText(e)}`);
    process.exit(2);
  }
  if (!LOOPBACK.has(config.host)) console.warn(`sim: listening on ${config.host}, beyond this machine, as asked.`);
  const running = await startSimulator(config);
  const lines = [
    `Intents network simulator on ${running.url}${config.dataFile ? ` (state in ${config.dataFile})` : ' (state in memory)'}`,
    `  swap service       ${running.urls.swap}/v0`,
    `  transactions API   ${running.urls.transactions}/transactions`,
    `  message bus        ${running.urls.bus}`,
    `  ledger RPC         ${running.urls.ledgerRpc}`,
    `  verifier           ${config.verifierId} (fee ${config.feePips} pips)`,
    `  quote signer       ${running.quotePublicKey} (the Local preset trusts it; enter it as the quote signing key for custom endpoints)`,
    `  dev JWT            ${running.devJwt}`,
    `  bus API key        ${running.busApiKey}`,
    `  the wallet         popup → Settings → Find simulator${running.url.endsWith(':3999') ? '' : `, port ${new URL(running.url).port}`} (the Local preset, with this key and JWT)`,
    ...(config.clock === 'manual' ? ['  clock              manual: time moves only on POST /dev/clock/advance'] : []),
  ];
  console.log(lines.join('\n'));
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
