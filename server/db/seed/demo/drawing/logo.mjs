// The logo and the square icons.
import { GREEN, DARK, ORANGE, CREAM, leaf } from './palette.mjs';

export const logoSvg =
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="80" viewBox="0 0 320 80">` +
  `<title>Берёзка</title>` +
  `<circle cx="40" cy="40" r="34" fill="${CREAM}"/>` +
  `<circle cx="58" cy="16" r="7" fill="${ORANGE}"/>` +
  leaf(39, 40, 48, -22, GREEN, CREAM, 3.6) +
  `<text x="86" y="53" font-family="DejaVu Sans, Arial, sans-serif" font-size="38" font-weight="700" fill="${DARK}" letter-spacing="-0.5">Берёзка</text>` +
  `</svg>\n`;

export function iconSvg(size) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="${GREEN}"/>` +
    `<circle cx="70" cy="24" r="7" fill="${ORANGE}"/>` +
    leaf(48, 50, 60, -20, CREAM, GREEN, 3.6) +
    `</svg>`
  );
}
