// The deposit QR code: the chain's payment request with the amount where it has a standard (BIP-21,
// EIP-681, Solana Pay: src/ui/paymentUri.ts), so a scanning wallet fills in the exact amount; or the
// bare address. Which one it holds is said under it, and the user can switch to the address alone
// (some wallets read only that). A deposit with a memo always gets the bare address: no standard here
// carries the memo, and the text beside it says to include it.
import { useState } from 'preact/hooks';
import type { TokenView } from '../../api/swapApi';
import { isConfirmed } from '../amountText';
import { t } from '../i18n';
import { paymentRequest } from '../paymentUri';
import { QrCode } from './QrCode';

export function DepositQr({
  address,
  amount,
  token,
}: {
  address: string;
  amount: bigint;
  token: TokenView | undefined;
}) {
  // The amount goes into the request only with decimals a second source confirmed (docs/security.md, "Token facts").
  const request = paymentRequest(address, amount, isConfirmed(token) ? token : undefined);
  const [bare, setBare] = useState(false);
  const text = bare || !request.standard ? address : request.text;
  return (
    <div class="qr-block">
      <QrCode text={text} label={t('qr_label', text)} testid="deposit-qr" />
      <p class="hint" data-testid="deposit-qr-holds" data-standard={bare ? 'address' : (request.standard ?? 'address')}>
        {request.standard && !bare ? t('qr_holdsRequest', request.standard) : t('qr_holdsAddress')}
      </p>
      {request.standard && (
        <button type="button" class="link" onClick={() => setBare(!bare)} data-testid="deposit-qr-switch">
          {bare ? t('qr_showRequest', request.standard) : t('qr_showAddress')}
        </button>
      )}
    </div>
  );
}
