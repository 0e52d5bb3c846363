import { useMemo } from 'preact/hooks';
import { t } from '../i18n';
import { encodeQr, qrPath } from '../qr';

const QUIET = 4;

/** A QR code of `text` as an SVG (dark modules on a light square, whatever the theme). */
export function QrCode({
  text,
  label,
  testid,
  size = 168,
}: {
  text: string;
  label: string;
  testid?: string;
  size?: number;
}) {
  const qr = useMemo(() => {
    try {
      return encodeQr(text);
    } catch {
      return null;
    }
  }, [text]);
  if (!qr) return <p class="hint">{t('qr_tooLong')}</p>;
  const span = qr.size + 2 * QUIET;
  return (
    <svg
      class="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${span} ${span}`}
      width={size}
      height={size}
      shape-rendering="crispEdges"
      data-testid={testid}
      data-version={qr.version}
    >
      <rect width={span} height={span} fill="#fff" />
      <path d={qrPath(qr.modules, QUIET)} fill="#000" />
    </svg>
  );
}
