// The rules banner, 1200x500.
import { GREEN, DARK, ORANGE, CREAM, leaf } from './palette.mjs';
import { linear, svg, card, coin } from './pieces.mjs';

export function rulesBanner() {
  const RW = 1200;
  const RH = 500;
  const defs =
    linear(
      'bg',
      [
        [0, GREEN],
        [1, DARK],
      ],
      1,
      1,
    ) +
    linear(
      'card',
      [
        [0, '#43A047'],
        [1, DARK],
      ],
      1,
      1,
    );
  let b = `<rect width="${RW}" height="${RH}" fill="url(#bg)"/>`;
  b += `<circle cx="1020" cy="80" r="220" fill="#FFFFFF" opacity="0.05"/><circle cx="160" cy="460" r="200" fill="#FFFFFF" opacity="0.05"/>`;
  for (const [x, y, s, r] of [
    [120, 110, 70, -30],
    [1090, 400, 80, 25],
    [300, 420, 40, 50],
    [960, 70, 44, -15],
  ])
    b += leaf(x, y, s, r, '#FFFFFF', GREEN, 4).replace('<g ', '<g opacity="0.12" ');
  // document
  b += `<g transform="rotate(-4 520 250)"><rect x="400" y="70" width="260" height="340" rx="18" fill="#000" opacity="0.2" transform="translate(8 10)"/>`;
  b += `<rect x="400" y="70" width="260" height="340" rx="18" fill="${CREAM}"/>`;
  b += `<rect x="430" y="100" width="140" height="16" rx="8" fill="${DARK}"/>`;
  for (let i = 0; i < 5; i++) {
    const y = 150 + i * 46;
    b += `<circle cx="447" cy="${y + 6}" r="13" fill="${GREEN}"/><path d="M441 ${y + 6}l5 5l9 -10" stroke="${CREAM}" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
    b += `<rect x="472" y="${y}" width="${160 - (i % 2) * 40}" height="12" rx="6" fill="#BCAAA4" opacity="0.7"/>`;
  }
  b += `<circle cx="610" cy="380" r="22" fill="${ORANGE}" opacity="0.9"/></g>`;
  b += card(780, 230, 300, 8);
  b += coin(690, 390, 48) + coin(760, 410, 36) + coin(900, 400, 42);
  return svg(RW, RH, defs, b);
}
