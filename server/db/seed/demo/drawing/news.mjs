// News illustrations, 1200x630.
import { GREEN, DARK, ORANGE, CREAM, LIGHT_GREEN, CRUST, r1, rng, leaf } from './palette.mjs';
import {
  linear,
  radial,
  svg,
  confetti,
  snowflake,
  coffeeBean,
  cup,
  steam,
  roundLoaf,
  baton,
  croissant,
  wheat,
  apple,
  carrot,
  pumpkin,
  birch,
  firTree,
  star,
  gift,
  balloon,
} from './pieces.mjs';

// News illustrations, 1200x630

export const W = 1200;
export const H = 630;
export const crustDef = linear('crust', [
  [0, '#E3A857'],
  [1, CRUST],
]);

export function news1Bakery() {
  const defs =
    crustDef +
    linear('bg', [
      [0, CREAM],
      [1, '#FFE0B2'],
    ]) +
    linear('wood', [
      [0, '#A66A38'],
      [1, '#7A4A22'],
    ]) +
    radial('glow', [
      [0, '#FFFFFF', 0.8],
      [1, '#FFFFFF', 0],
    ]);
  let b = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  b += `<circle cx="600" cy="250" r="330" fill="url(#glow)"/>`;
  // wall tiles
  for (let i = 0; i < 14; i++)
    b += `<rect x="${i * 90 - 20}" y="0" width="44" height="${H}" fill="#FFFFFF" opacity="0.18"/>`;
  // shelf with jars at the back
  b += `<rect x="110" y="150" width="980" height="14" rx="7" fill="#B98150"/>`;
  const jars = [
    [190, ORANGE],
    [260, GREEN],
    [880, '#E0533D'],
    [950, ORANGE],
    [1020, GREEN],
  ];
  for (const [x, c] of jars)
    b += `<rect x="${x - 26}" y="82" width="52" height="68" rx="12" fill="#FFFFFF" opacity="0.75"/><rect x="${x - 26}" y="108" width="52" height="42" rx="10" fill="${c}" opacity="0.85"/><rect x="${x - 22}" y="72" width="44" height="14" rx="4" fill="${DARK}"/>`;
  // hanging lamps
  for (const x of [420, 780]) {
    b += `<path d="M${x} 0L${x} 60" stroke="${DARK}" stroke-width="3"/><path d="M${x - 44} 104Q${x} 40 ${x + 44} 104Z" fill="${GREEN}"/><ellipse cx="${x}" cy="106" rx="18" ry="8" fill="${ORANGE}"/>`;
  }
  // board
  b += `<ellipse cx="600" cy="560" rx="520" ry="40" fill="#000" opacity="0.1"/>`;
  b += `<rect x="90" y="470" width="1020" height="80" rx="26" fill="url(#wood)"/>`;
  b += `<rect x="90" y="470" width="1020" height="20" rx="10" fill="#C08552"/>`;
  b += `<circle cx="1060" cy="508" r="12" fill="#6B3E1B"/>`;
  b += wheat(150, 480, 250, -14) + wheat(185, 480, 220, 4, '#F0B74A') + wheat(1055, 480, 240, 12);
  b += roundLoaf(420, 480, 300);
  b += baton(760, 430, 380, -8);
  b += croissant(640, 470, 200, 0);
  b += croissant(940, 470, 150, 8);
  return svg(W, H, defs, b);
}

export function news2Coffee() {
  const defs =
    crustDef +
    linear('bg', [
      [0, GREEN],
      [1, DARK],
    ]) +
    radial('spot', [
      [0, '#4CAF50', 0.55],
      [1, '#4CAF50', 0],
    ]);
  let b = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  b += `<circle cx="600" cy="300" r="360" fill="url(#spot)"/>`;
  b += `<rect x="0" y="500" width="${W}" height="130" fill="${DARK}"/>`;
  b += `<rect x="0" y="500" width="${W}" height="10" fill="#000" opacity="0.12"/>`;
  const rand = rng(7);
  for (let i = 0; i < 26; i++) {
    const x = rand() * W;
    const y = 520 + rand() * 100;
    if (x > 330 && x < 870) continue;
    b += coffeeBean(x, y, 0.9 + rand() * 0.5, Math.round(rand() * 180));
  }
  for (let i = 0; i < 8; i++)
    b += coffeeBean(
      80 + rand() * 180,
      90 + rand() * 300,
      0.8 + rand() * 0.4,
      Math.round(rand() * 180),
      '#FFFFFF',
      DARK,
    ).replace('fill="#FFFFFF"', 'fill="#FFFFFF" opacity="0.12"');
  for (let i = 0; i < 8; i++)
    b += coffeeBean(
      950 + rand() * 180,
      90 + rand() * 300,
      0.8 + rand() * 0.4,
      Math.round(rand() * 180),
      '#FFFFFF',
      DARK,
    ).replace('fill="#FFFFFF"', 'fill="#FFFFFF" opacity="0.12"');
  b += steam(600, 205, 150, CREAM, 0.5, 52);
  b += cup(600, 240, 300, CREAM, ORANGE);
  b += leaf(600, 246, 26, 0, CREAM, '#C49A6C', 6);
  // a small cup and a croissant
  b += cup(930, 400, 140, '#FFFFFF', GREEN);
  b += croissant(300, 500, 190, -6);
  return svg(W, H, defs, b);
}

export function news3Festive() {
  const defs =
    linear('bg', [
      [0, '#0F3D14'],
      [1, GREEN],
    ]) +
    radial('moon', [
      [0, '#FFF3C4', 1],
      [0.6, '#FFE082', 0.9],
      [1, '#FFE082', 0],
    ]);
  let b = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  b += `<circle cx="930" cy="220" r="110" fill="url(#moon)"/><circle cx="930" cy="220" r="50" fill="#FFF3C4"/>`;
  const rand = rng(3);
  for (let i = 0; i < 40; i++)
    b += `<circle cx="${r1(rand() * W)}" cy="${r1(rand() * 420)}" r="${r1(1.5 + rand() * 3.5)}" fill="#FFFFFF" opacity="${r1(0.4 + rand() * 0.5)}"/>`;
  for (let i = 0; i < 9; i++)
    b += snowflake(rand() * W, 40 + rand() * 330, 10 + rand() * 16, '#FFFFFF', 0.55, 2.5);
  // garland: sagging spans of wire with bulbs hanging from them
  const span = 240;
  let wire = 'M0 24';
  for (let x0 = 0; x0 < W; x0 += span) wire += `Q${x0 + span / 2} 144 ${x0 + span} 24`;
  b += `<path d="${wire}" stroke="${CREAM}" stroke-opacity="0.6" stroke-width="3" fill="none"/>`;
  const colors = [ORANGE, '#E0533D', CREAM, LIGHT_GREEN];
  let k = 0;
  for (let x0 = 0; x0 < W; x0 += span)
    for (const t of [0.2, 0.5, 0.8]) {
      const x = x0 + span * t;
      const y = 24 + 240 * t * (1 - t);
      const c = colors[k++ % colors.length];
      b += `<circle cx="${r1(x)}" cy="${r1(y + 14)}" r="18" fill="${c}" opacity="0.22"/><rect x="${r1(x - 4)}" y="${r1(y - 2)}" width="8" height="8" rx="2" fill="#CFD8DC"/><ellipse cx="${r1(x)}" cy="${r1(y + 14)}" rx="7" ry="10" fill="${c}"/>`;
    }
  // hills of snow
  b += `<path d="M0 470Q300 400 620 470T1200 450L1200 630L0 630Z" fill="#E8F5E9"/>`;
  b += `<path d="M0 530Q360 470 700 530T1200 520L1200 630L0 630Z" fill="#FFFFFF"/>`;
  b += firTree(160, 520, 260, '#2E7D32', '#0F3D14');
  b += firTree(1080, 500, 200, '#388E3C', '#0F3D14');
  // main tree
  b += firTree(600, 540, 430, '#43A047', '#1B5E20');
  const balls = [
    [560, 260, ORANGE],
    [640, 300, '#E0533D'],
    [545, 360, CREAM],
    [660, 390, ORANGE],
    [600, 430, '#E0533D'],
    [510, 460, ORANGE],
    [700, 470, CREAM],
    [600, 190, CREAM],
  ];
  for (const [x, y, c] of balls)
    b += `<circle cx="${x}" cy="${y}" r="13" fill="${c}"/><circle cx="${x - 4}" cy="${y - 4}" r="4" fill="#FFFFFF" opacity="0.6"/>`;
  b += `<path d="M520 300Q600 330 680 285M500 420Q600 455 720 410" stroke="${ORANGE}" stroke-width="5" fill="none" stroke-dasharray="2 14" stroke-linecap="round"/>`;
  b += star(600, 112, 34);
  b += gift(380, 470, 110, 90, '#E0533D', CREAM);
  b += gift(710, 490, 90, 70, ORANGE, GREEN);
  b += gift(800, 505, 70, 55, CREAM, '#E0533D');
  b += gift(290, 510, 70, 50, LIGHT_GREEN, ORANGE);
  return svg(W, H, defs, b);
}

export function news4Grocery() {
  const defs =
    crustDef +
    linear('bg', [
      [0, '#E8F5E9'],
      [1, '#C8E6C9'],
    ]) +
    linear('basket', [
      [0, '#D59A55'],
      [1, '#A86B2D'],
    ]) +
    linear('milk', [
      [0, '#FFFFFF'],
      [1, '#ECEFF1'],
    ]);
  let b = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  b += `<circle cx="180" cy="140" r="190" fill="#FFFFFF" opacity="0.45"/><circle cx="1040" cy="520" r="230" fill="#FFFFFF" opacity="0.4"/>`;
  b += `<circle cx="1060" cy="120" r="60" fill="${ORANGE}" opacity="0.35"/>`;
  for (const [x, y, s, r] of [
    [120, 470, 80, -30],
    [1080, 300, 70, 25],
    [240, 330, 46, 15],
    [980, 110, 50, -10],
  ])
    b += leaf(x, y, s, r, LIGHT_GREEN, '#E8F5E9', 4);
  b += `<ellipse cx="600" cy="585" rx="330" ry="28" fill="#000" opacity="0.12"/>`;
  // handle behind
  b += `<path d="M400 360C400 110 800 110 800 360" stroke="#9A5F26" stroke-width="26" fill="none"/>`;
  // produce sticking out
  b += baton(520, 250, 330, -58);
  b += `<rect x="690" y="190" width="80" height="170" rx="22" fill="url(#milk)"/><rect x="705" y="160" width="50" height="42" rx="8" fill="url(#milk)"/><rect x="702" y="150" width="56" height="18" rx="5" fill="${GREEN}"/><rect x="690" y="250" width="80" height="60" fill="${GREEN}"/>`;
  b += leaf(730, 280, 40, 0, CREAM, GREEN, 6);
  b += `<circle cx="610" cy="300" r="70" fill="#7CB342"/><circle cx="580" cy="280" r="50" fill="#9CCC65"/><circle cx="650" cy="270" r="45" fill="#8BC34A"/>`;
  b += carrot(455, 320, 150, 200);
  b += carrot(490, 330, 140, 185);
  b += apple(560, 345, 46);
  b += apple(650, 350, 44, '#F57C5B');
  b += apple(780, 345, 42, '#FBC02D');
  // basket
  b += `<path d="M340 350L860 350L810 570Q805 585 790 585L410 585Q395 585 390 570Z" fill="url(#basket)"/>`;
  for (let i = 0; i < 4; i++)
    b += `<path d="M${352 + i * 12} ${392 + i * 48}L${848 - i * 12} ${392 + i * 48}" stroke="#8A5522" stroke-width="6" opacity="0.6"/>`;
  for (let i = 1; i < 8; i++) {
    const xt = 340 + i * 65;
    const xb = 400 + i * 50;
    b += `<path d="M${xt} 360L${xb} 580" stroke="#8A5522" stroke-width="6" opacity="0.5"/>`;
  }
  b += `<rect x="320" y="336" width="560" height="34" rx="17" fill="#C2823F"/>`;
  b += `<rect x="530" y="430" width="140" height="90" rx="16" fill="${GREEN}"/>`;
  b += leaf(600, 476, 60, -15, CREAM, GREEN, 5);
  return svg(W, H, defs, b);
}

export function news5Autumn() {
  const defs =
    linear('bg', [
      [0, '#FFE7B8'],
      [1, '#FFF8E1'],
    ]) +
    linear('ground', [
      [0, '#9CCC65'],
      [1, '#7CB342'],
    ]);
  let b = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  b += `<circle cx="980" cy="150" r="80" fill="${ORANGE}" opacity="0.85"/>`;
  b += `<path d="M0 420Q250 360 520 410T1200 390L1200 630L0 630Z" fill="#C5E1A5"/>`;
  b += birch(120, 470, 300, 26, '#F4C542', '#E0A526', 1);
  b += birch(260, 460, 230, 20, '#F7D26A', '#E9B53A', 2);
  b += birch(1110, 470, 280, 24, '#F4C542', '#E0A526', 3);
  b += `<path d="M0 470Q300 430 600 470T1200 460L1200 630L0 630Z" fill="url(#ground)"/>`;
  // fair tent
  b += `<rect x="430" y="250" width="12" height="250" fill="${DARK}"/><rect x="858" y="250" width="12" height="250" fill="${DARK}"/>`;
  b += `<path d="M410 250L650 140L890 250Z" fill="${GREEN}"/>`;
  b += `<path d="M650 140L530 250L590 250Z" fill="${CREAM}"/><path d="M650 140L710 250L770 250Z" fill="${CREAM}"/><path d="M650 140L410 250L470 250Z" fill="${CREAM}" opacity="0.0"/>`;
  b += `<circle cx="650" cy="136" r="10" fill="${ORANGE}"/>`;
  // scalloped valance
  let val = `M410 250`;
  for (let i = 0; i < 8; i++) val += `q15 40 30 0q15 40 30 0`;
  b += `<path d="${val}L890 250Z" fill="${GREEN}"/>`;
  let val2 = '';
  for (let i = 0; i < 8; i++) val2 += `<path d="M${440 + i * 60} 250q15 40 30 0Z" fill="${CREAM}"/>`;
  b += val2;
  // counter with crates
  b += `<rect x="400" y="400" width="500" height="100" rx="10" fill="#A86B2D"/><rect x="400" y="400" width="500" height="18" rx="8" fill="#C2823F"/>`;
  for (let i = 0; i < 5; i++)
    b += `<rect x="${418 + i * 96}" y="428" width="80" height="8" rx="3" fill="#8A5522" opacity="0.6"/>`;
  // apples and pumpkins on the counter
  b += `<rect x="450" y="350" width="140" height="55" rx="6" fill="#D59A55"/>`;
  b += apple(480, 345, 24) + apple(522, 340, 24, '#F57C5B') + apple(562, 345, 24);
  b += `<rect x="720" y="350" width="140" height="55" rx="6" fill="#D59A55"/>`;
  b += apple(750, 345, 24, '#FBC02D') + apple(792, 340, 24, '#FBC02D') + apple(832, 345, 24, '#8BC34A');
  b += pumpkin(655, 372, 90);
  b += pumpkin(330, 530, 150);
  b += pumpkin(450, 560, 90, '#F6A623');
  b += pumpkin(960, 540, 130, '#F6A623');
  b += `<rect x="1030" y="500" width="120" height="80" rx="8" fill="#A86B2D"/><rect x="1030" y="520" width="120" height="8" fill="#8A5522" opacity="0.6"/>`;
  b += apple(1060, 500, 22) + apple(1100, 496, 22, '#F57C5B') + apple(1132, 502, 18);
  // falling leaves
  const rand = rng(11);
  for (let i = 0; i < 14; i++) {
    const x = rand() * W;
    const y = 40 + rand() * 380;
    if ((x > 380 && x < 920 && y > 120) || Math.hypot(x - 980, y - 150) < 110) continue;
    b += leaf(
      x,
      y,
      22 + rand() * 18,
      Math.round(rand() * 360),
      rand() < 0.5 ? ORANGE : '#E0A526',
      '#FFF3C4',
      4,
    );
  }
  return svg(W, H, defs, b);
}

export function news6Opening() {
  const defs =
    linear('bg', [
      [0, '#E3F2FD'],
      [1, '#FFF8E1'],
    ]) +
    linear('glass', [
      [0, '#B3E5FC'],
      [1, '#E1F5FE'],
    ]);
  let b = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  // neighbouring buildings
  b += `<rect x="40" y="160" width="240" height="420" fill="#E6D5BE"/><rect x="920" y="130" width="260" height="450" fill="#D7CCC8"/>`;
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 2; c++) {
      b += `<rect x="${80 + c * 100}" y="${200 + r * 110}" width="60" height="76" rx="4" fill="#FFFFFF" opacity="0.7"/>`;
      b += `<rect x="${960 + c * 110}" y="${170 + r * 120}" width="66" height="80" rx="4" fill="#FFFFFF" opacity="0.7"/>`;
    }
  // shop building
  b += `<rect x="300" y="90" width="600" height="490" fill="#F3E0BD"/>`;
  b += `<rect x="300" y="90" width="600" height="24" fill="#E6CFA4"/>`;
  // sign
  b += `<rect x="430" y="130" width="340" height="76" rx="38" fill="${GREEN}"/>`;
  b += leaf(600, 170, 52, -20, CREAM, GREEN, 5);
  b += `<circle cx="490" cy="168" r="10" fill="${ORANGE}"/><circle cx="710" cy="168" r="10" fill="${ORANGE}"/>`;
  // awning stripes
  const stripes = 10;
  for (let i = 0; i < stripes; i++) {
    const x = 320 + i * 56;
    b += `<path d="M${x} 230L${x + 56} 230L${x + 56} 300Q${x + 28} 324 ${x} 300Z" fill="${i % 2 ? '#FFFFFF' : GREEN}"/>`;
  }
  b += `<rect x="310" y="222" width="580" height="14" rx="6" fill="${DARK}"/>`;
  // windows with shelves
  for (const x of [340, 700]) {
    b += `<rect x="${x}" y="330" width="160" height="180" rx="6" fill="url(#glass)" stroke="${DARK}" stroke-width="8"/>`;
    b += `<rect x="${x + 10}" y="400" width="140" height="6" fill="#A86B2D"/><rect x="${x + 10}" y="460" width="140" height="6" fill="#A86B2D"/>`;
    b += `<circle cx="${x + 40}" cy="384" r="16" fill="${ORANGE}"/><circle cx="${x + 78}" cy="384" r="16" fill="#E0533D"/><rect x="${x + 104}" y="362" width="30" height="38" rx="6" fill="${GREEN}"/>`;
    b += `<rect x="${x + 24}" y="428" width="34" height="32" rx="5" fill="#D59A55"/><rect x="${x + 66}" y="428" width="34" height="32" rx="5" fill="${LIGHT_GREEN}"/><rect x="${x + 108}" y="428" width="30" height="32" rx="5" fill="${ORANGE}"/>`;
  }
  // door
  b += `<rect x="540" y="330" width="120" height="250" rx="6" fill="${DARK}"/><rect x="556" y="346" width="88" height="150" rx="4" fill="url(#glass)"/><circle cx="640" cy="520" r="7" fill="${ORANGE}"/>`;
  // opening ribbon with a bow
  b += `<path d="M300 430Q600 470 900 430" stroke="#E0533D" stroke-width="16" fill="none"/>`;
  b += `<path d="M600 452l-60 -34q-16 30 0 60Z" fill="#E0533D"/><path d="M600 452l60 -34q16 30 0 60Z" fill="#E0533D"/><circle cx="600" cy="452" r="14" fill="#C6402C"/>`;
  // pavement
  b += `<rect x="0" y="580" width="${W}" height="50" fill="#CFD8DC"/><rect x="0" y="580" width="${W}" height="8" fill="#B0BEC5"/>`;
  // balloons
  b +=
    balloon(200, 190, 42, ORANGE, 200, 20) +
    balloon(120, 240, 36, GREEN, 180, -15) +
    balloon(240, 280, 32, '#E0533D', 160, 10);
  b +=
    balloon(1000, 190, 42, GREEN, 200, -20) +
    balloon(1090, 230, 36, ORANGE, 180, 15) +
    balloon(1060, 300, 30, '#E0533D', 160, -10);
  // plants
  b += `<rect x="500" y="540" width="30" height="40" rx="4" fill="#A86B2D"/><circle cx="515" cy="530" r="24" fill="${LIGHT_GREEN}"/>`;
  b += `<rect x="670" y="540" width="30" height="40" rx="4" fill="#A86B2D"/><circle cx="685" cy="530" r="24" fill="${LIGHT_GREEN}"/>`;
  b += confetti(5, 40, W, 120, [ORANGE, GREEN, '#E0533D', LIGHT_GREEN], (x) => x > 420 && x < 780);
  return svg(W, H, defs, b);
}
