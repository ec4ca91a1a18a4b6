// Gift-card backgrounds, 900x560. The left part is kept calm for the amount and the title.
import { GREEN, DARK, ORANGE, CREAM, LIGHT_GREEN, r1, rng, leaf } from './palette.mjs';
import {
  linear,
  radial,
  svg,
  confetti,
  snowflake,
  coffeeBean,
  croissant,
  star,
  ornament,
  balloon,
  tulip,
} from './pieces.mjs';
import { crustDef } from './news.mjs';

export const GW = 900;
export const GH = 560;

export function gift1Birthday() {
  const defs =
    linear(
      'bg',
      [
        [0, '#FFB74D'],
        [1, ORANGE],
      ],
      1,
      1,
    ) +
    linear('cake', [
      [0, CREAM],
      [1, '#FFE0B2'],
    ]);
  let b = `<rect width="${GW}" height="${GH}" fill="url(#bg)"/>`;
  b += `<circle cx="660" cy="300" r="260" fill="#FFFFFF" opacity="0.18"/><circle cx="660" cy="300" r="190" fill="#FFFFFF" opacity="0.15"/>`;
  b += confetti(
    21,
    46,
    GW,
    GH,
    [GREEN, '#E0533D', CREAM, DARK],
    (x, y) => (x < 420 && y > 120 && y < 460) || (x > 490 && x < 830 && y > 180 && y < 490),
  );
  // cake
  b += `<ellipse cx="660" cy="470" rx="190" ry="26" fill="#000" opacity="0.15"/>`;
  b += `<ellipse cx="660" cy="458" rx="185" ry="28" fill="#FFFFFF"/>`;
  b += `<rect x="520" y="360" width="280" height="90" rx="14" fill="#8D5524"/><rect x="520" y="392" width="280" height="14" fill="${CREAM}"/>`;
  b += `<path d="M520 372Q540 400 560 372T600 372T640 372T680 372T720 372T760 372T800 372L800 360L520 360Z" fill="${CREAM}"/>`;
  b += `<rect x="560" y="280" width="200" height="86" rx="14" fill="url(#cake)"/><rect x="560" y="316" width="200" height="12" fill="${GREEN}"/>`;
  b += `<path d="M560 292Q580 320 600 292T640 292T680 292T720 292T760 292L760 280L560 280Z" fill="#E0533D"/>`;
  for (const x of [620, 660, 700]) {
    b += `<rect x="${x - 6}" y="222" width="12" height="60" rx="4" fill="${x === 660 ? GREEN : CREAM}"/><path d="M${x} 196q12 14 0 26q-12 -12 0 -26Z" fill="#FFEB3B"/>`;
  }
  for (const [x, c] of [
    [590, '#E0533D'],
    [730, GREEN],
  ])
    b += `<circle cx="${x}" cy="270" r="12" fill="${c}"/>`;
  b +=
    balloon(810, 110, 46, GREEN, 190, -20) +
    balloon(520, 120, 40, '#E0533D', 150, 15) +
    balloon(870, 200, 34, CREAM, 160, 10);
  b += leaf(80, 80, 70, -25, CREAM, ORANGE, 5);
  return svg(GW, GH, defs, b);
}

export function gift2NewYear() {
  const defs =
    linear(
      'bg',
      [
        [0, DARK],
        [1, '#0F3D14'],
      ],
      1,
      1,
    ) +
    radial('glow', [
      [0, CREAM, 0.16],
      [1, CREAM, 0],
    ]);
  let b = `<rect width="${GW}" height="${GH}" fill="url(#bg)"/>`;
  b += `<circle cx="680" cy="280" r="300" fill="url(#glow)"/>`;
  const rand = rng(9);
  for (let i = 0; i < 14; i++) {
    const x = rand() * GW;
    const y = rand() * GH;
    if (x < 430 && y > 150 && y < 470) continue;
    b += snowflake(x, y, 8 + rand() * 16, CREAM, 0.55, 2.5);
  }
  // fir branches along the top
  for (const [x, rot, len] of [
    [420, 20, 260],
    [610, -10, 240],
    [880, -35, 280],
  ]) {
    b += `<g transform="translate(${x} -20) rotate(${rot})"><path d="M0 0L0 ${len}" stroke="#5D4037" stroke-width="8"/>`;
    for (let i = 0; i < 16; i++) {
      const y = 12 + i * (len / 17);
      const l = 70 - i * 2.5;
      b += `<path d="M0 ${r1(y + 6)}l${r1(-l * 0.8)} ${r1(l * 0.2)}M0 ${r1(y + 6)}l${r1(l * 0.8)} ${r1(l * 0.2)}" stroke="#14491A" stroke-width="8" stroke-linecap="round"/>`;
      b += `<path d="M0 ${r1(y)}l${-l} ${r1(l * 0.55)}" stroke="${i % 2 ? '#43A047' : GREEN}" stroke-width="7" stroke-linecap="round"/><path d="M0 ${r1(y)}l${l} ${r1(l * 0.55)}" stroke="${i % 2 ? GREEN : '#388E3C'}" stroke-width="7" stroke-linecap="round"/>`;
    }
    b += `</g>`;
  }
  b +=
    ornament(560, 150, 90, 48, ORANGE) +
    ornament(700, 160, 170, 58, '#E0533D') +
    ornament(820, 190, 70, 40, CREAM, GREEN);
  b += star(470, 300, 26, ORANGE);
  b += `<path d="M0 520Q240 480 460 520T900 505L900 560L0 560Z" fill="#FFFFFF" opacity="0.9"/>`;
  b += leaf(80, 80, 70, -25, CREAM, DARK, 5);
  return svg(GW, GH, defs, b);
}

export function gift3Flowers() {
  const defs =
    linear(
      'bg',
      [
        [0, CREAM],
        [1, '#FCE4EC'],
      ],
      1,
      1,
    ) +
    linear('paper', [
      [0, '#FFE0B2'],
      [1, '#F6C17A'],
    ]);
  let b = `<rect width="${GW}" height="${GH}" fill="url(#bg)"/>`;
  b += `<circle cx="660" cy="270" r="250" fill="#FFFFFF" opacity="0.6"/>`;
  b += `<circle cx="120" cy="500" r="140" fill="#C8E6C9" opacity="0.5"/><circle cx="860" cy="60" r="100" fill="#FFE082" opacity="0.5"/>`;
  // tulips
  const flowers = [
    [590, 190, 250, -18, '#EC6A8C', '#D4456D'],
    [655, 150, 280, -4, ORANGE, '#EF8A22'],
    [725, 170, 260, 10, '#E0533D', '#C6402C'],
    [790, 220, 220, 24, '#EC6A8C', '#D4456D'],
    [620, 250, 200, -30, CREAM, '#F6D7A7'],
    [755, 250, 200, 30, ORANGE, '#EF8A22'],
  ];
  for (const f of flowers) b += tulip(...f);
  for (const [x, y, s, r] of [
    [560, 300, 70, -50],
    [830, 300, 70, 50],
  ])
    b += leaf(x, y, s, r, GREEN, LIGHT_GREEN, 4);
  // wrapping paper
  b += `<path d="M540 330L860 330L730 530L670 530Z" fill="url(#paper)"/>`;
  b += `<path d="M540 330L700 330L690 530L670 530Z" fill="#FFFFFF" opacity="0.25"/>`;
  b += `<path d="M650 430Q700 450 750 430" stroke="${GREEN}" stroke-width="12" fill="none" stroke-linecap="round"/>`;
  b += `<path d="M700 440l-40 40M700 440l36 44" stroke="${GREEN}" stroke-width="8" stroke-linecap="round"/><circle cx="700" cy="440" r="12" fill="${DARK}"/>`;
  const rand = rng(4);
  for (let i = 0; i < 16; i++) {
    const x = rand() * GW;
    const y = rand() * GH;
    if (x < 450 && y > 130 && y < 450) continue;
    if (x > 520) continue;
    b += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="7" ry="12" fill="#EC6A8C" opacity="0.6" transform="rotate(${Math.round(rand() * 180)} ${r1(x)} ${r1(y)})"/>`;
  }
  b += leaf(80, 80, 70, -25, GREEN, CREAM, 5);
  return svg(GW, GH, defs, b);
}

export function gift4Coffee() {
  const defs =
    linear(
      'bg',
      [
        [0, '#6D4C41'],
        [1, '#3E2723'],
      ],
      1,
      1,
    ) +
    crustDef +
    radial('foam', [
      [0, '#F3DDB8'],
      [1, '#D9B382'],
    ]);
  let b = `<rect width="${GW}" height="${GH}" fill="url(#bg)"/>`;
  const rand = rng(13);
  for (let i = 0; i < 40; i++) {
    const x = rand() * GW;
    const y = rand() * GH;
    if (x < 450 && y > 130 && y < 460) continue;
    b += coffeeBean(x, y, 0.7 + rand() * 0.5, Math.round(rand() * 180), '#8D6E63', '#5D4037');
  }
  // saucer and cup seen from above
  b += `<circle cx="660" cy="290" r="200" fill="#000" opacity="0.2"/>`;
  b += `<circle cx="650" cy="280" r="200" fill="${CREAM}"/><circle cx="650" cy="280" r="160" fill="#F3E5C6"/>`;
  b += `<path d="M770 250q90 -10 96 40q-6 40 -96 30Z" fill="${CREAM}" stroke="#E8D7B0" stroke-width="4"/>`;
  b += `<circle cx="650" cy="280" r="134" fill="#FFFFFF"/><circle cx="650" cy="280" r="114" fill="#8D5524"/><circle cx="650" cy="280" r="104" fill="url(#foam)"/>`;
  // latte-art heart
  b += `<path d="M650 340C600 300 575 270 590 240C605 212 640 220 650 246C660 220 695 212 710 240C725 270 700 300 650 340Z" fill="#FFF8EC"/>`;
  b += `<path d="M650 246L650 340" stroke="#D9B382" stroke-width="5"/>`;
  // spoon
  b += `<path d="M470 420L560 390" stroke="#CFD8DC" stroke-width="10" stroke-linecap="round"/><ellipse cx="578" cy="384" rx="22" ry="13" fill="#CFD8DC" transform="rotate(-18 578 384)"/>`;
  b += croissant(790, 462, 140, -12);
  b += leaf(80, 80, 70, -25, CREAM, '#5D4037', 5);
  return svg(GW, GH, defs, b);
}
