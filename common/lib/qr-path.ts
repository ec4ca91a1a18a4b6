import { encode } from 'uqr';

/**
 * A QR code's dark modules as one SVG path, in module units, with a quiet zone of two modules: the cabinet's
 * member code (web/ui/qr-code.tsx) and the till page's payment QR draw the same square. Encoding tries all
 * eight masks, so it is the costly part: the cabinet calls it after the first paint (decision 035).
 */
export function qrPath(value: string): { size: number; path: string } {
  const qr = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { size: qr.size, path };
}
