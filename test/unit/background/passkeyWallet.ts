// A passkey wallet in a background started against the simulator, and the passkey's answers: shared by the
// passkey integration tests. The passkey is a real P-256 key (test/support/passkey).
import type { CreateResult } from '../../../src/api/walletApi';
import { WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { base64url, utf8 } from '../../../src/core';
import type { RunningSimulator } from '../../../src/sim/server';
import { registrationData, type SoftPasskey, softPasskey } from '../../support/passkey';
import { backgroundEnv, type Clock, call, ONE_NEAR, PASSWORD, useSimulator, WNEAR, waitsMoveSim } from './harness';

export const credentialBytes = Uint8Array.from({ length: 20 }, (_, i) => i + 7);
export const credentialId = base64url.encode(credentialBytes);

/** The authenticator's answer over `challenge` (base64url), as an extension page sends it. */
export function answer(passkey: SoftPasskey, challenge: string, flags?: number, id = credentialId) {
  const a = passkey.assert(base64url.decode(challenge), flags === undefined ? {} : { flags });
  return {
    credentialId: id,
    authenticatorData: base64url.encode(a.authenticatorData),
    clientDataJson: base64url.encode(utf8.encode(a.clientDataJson)),
    signature: base64url.encode(a.der),
  };
}

/**
 * A new wallet whose account is a passkey account, funded with 5 wNEAR. `movesSim`: the background's waits
 * move the simulator's clock (harness waitsMoveSim), for a wallet that follows the bus to SETTLED.
 */
export async function passkeyWallet(sim: RunningSimulator, clock: Clock, movesSim = false) {
  const passkey = softPasskey();
  const bg = startBackground({ ...backgroundEnv(clock), ...(movesSim ? { sleep: waitsMoveSim(sim) } : {}) });
  await useSimulator(bg, sim.url, sim.busApiKey);
  const registration = {
    credentialId,
    authenticatorData: base64url.encode(registrationData(passkey, credentialBytes)),
    name: 'Intents Companion · test',
  };
  const created = await call<CreateResult>(bg, WALLET.create, {
    password: PASSWORD,
    source: { kind: 'passkey', registration },
  });
  const account = created.status.accounts[0]!;
  await fetch(`${sim.url}/dev/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId: account.accountId, tokenId: WNEAR, amount: (5n * ONE_NEAR).toString() }),
  });
  return { bg, passkey, account };
}
