// Reusable drawing pieces: gradients, the SVG frame and the objects the pictures are made of.
import { GREEN, DARK, ORANGE, CREAM, LIGHT_GREEN, RED, r1, rng, leaf } from './palette.mjs';

export const linear = (id, stops, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">` +
  stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('') +
  `</linearGradient>`;

export const radial = (id, stops, cx = 0.5, cy = 0.5, r = 0.6) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">` +
  stops
    .map(
      ([o, c, op]) =>
        `<stop offset="${o}" stop-color="${c}"${op !== undefined ? ` stop-opacity="${op}"` : ''}/>`,
    )
    .join('') +
  `</radialGradient>`;

export const svg = (w, h, defs, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;

export function confetti(seed, n, w, h, colors, avoid = () => false) {
  const rand = rng(seed);
  let s = '';
  let placed = 0;
  while (placed < n) {
    const x = rand() * w;
    const y = rand() * h;
    const c = colors[Math.floor(rand() * colors.length)];
    const kind = rand();
    const rot = Math.round(rand() * 180);
    if (avoid(x, y)) continue;
    placed++;
    if (kind < 0.4) s += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(4 + rand() * 5)}" fill="${c}"/>`;
    else if (kind < 0.8)
      s += `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(8 + rand() * 8)}" height="6" rx="2" fill="${c}" transform="rotate(${rot} ${r1(x)} ${r1(y)})"/>`;
    else
      s += `<path d="M${r1(x)} ${r1(y)}q8 -10 16 0t16 0" stroke="${c}" stroke-width="4" fill="none" stroke-linecap="round" transform="rotate(${rot} ${r1(x)} ${r1(y)})"/>`;
  }
  return s;
}

export function snowflake(x, y, r, color = '#FFFFFF', opacity = 0.9, width = 3) {
  let d = '';
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    const ex = Math.cos(a) * r;
    const ey = Math.sin(a) * r;
    d += `M0 0L${r1(ex)} ${r1(ey)}`;
    // small side branches
    const bx = Math.cos(a) * r * 0.55;
    const by = Math.sin(a) * r * 0.55;
    for (const side of [-1, 1]) {
      const b = a + side * 0.7;
      d += `M${r1(bx)} ${r1(by)}l${r1(Math.cos(b) * r * 0.32)} ${r1(Math.sin(b) * r * 0.32)}`;
    }
  }
  return `<path transform="translate(${r1(x)} ${r1(y)})" d="${d}" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round" fill="none"/>`;
}

export function coffeeBean(x, y, s, rot, fill = '#6D3B1E', line = '#3E2010') {
  return (
    `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${rot}) scale(${s})">` +
    `<ellipse rx="14" ry="20" fill="${fill}"/>` +
    `<path d="M0 -17C-7 -6 7 6 0 17" stroke="${line}" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `</g>`
  );
}

/** Cup seen from the side. (x, y) = centre of the rim, w = rim width. */
export function cup(x, y, w, body = CREAM, band = GREEN, coffee = '#6D3B1E') {
  const h = w * 0.85;
  const half = w / 2;
  const bottom = half * 0.72;
  return (
    // saucer
    `<ellipse cx="${x}" cy="${y + h + 4}" rx="${w * 0.82}" ry="${w * 0.14}" fill="#000" opacity="0.12"/>` +
    `<ellipse cx="${x}" cy="${y + h - 4}" rx="${w * 0.78}" ry="${w * 0.13}" fill="${body}"/>` +
    `<ellipse cx="${x}" cy="${y + h - 8}" rx="${w * 0.5}" ry="${w * 0.07}" fill="#000" opacity="0.08"/>` +
    // handle
    `<path d="M${x + half * 0.92} ${y + h * 0.2}c${w * 0.34} -${w * 0.04} ${w * 0.36} ${w * 0.42} ${-w * 0.02} ${w * 0.46}" stroke="${body}" stroke-width="${w * 0.085}" fill="none" stroke-linecap="round"/>` +
    // body
    `<path d="M${x - half} ${y}L${x + half} ${y}C${x + half} ${y + h * 0.7} ${x + bottom} ${y + h} ${x} ${y + h}C${x - bottom} ${y + h} ${x - half} ${y + h * 0.7} ${x - half} ${y}Z" fill="${body}"/>` +
    `<path d="M${x - half * 0.985} ${y + h * 0.26}L${x + half * 0.985} ${y + h * 0.26}L${x + half * 0.93} ${y + h * 0.42}L${x - half * 0.93} ${y + h * 0.42}Z" fill="${band}"/>` +
    leaf(x, y + h * 0.62, w * 0.18, -15, band, body, 5) +
    // shading on the right
    `<path d="M${x + half * 0.55} ${y + 2}L${x + half} ${y}C${x + half} ${y + h * 0.7} ${x + bottom} ${y + h} ${x} ${y + h}C${x + bottom * 0.6} ${y + h * 0.8} ${x + half * 0.6} ${y + h * 0.5} ${x + half * 0.55} ${y + 2}Z" fill="#000" opacity="0.07"/>` +
    // rim and coffee
    `<ellipse cx="${x}" cy="${y}" rx="${half}" ry="${w * 0.1}" fill="${body}"/>` +
    `<ellipse cx="${x}" cy="${y + 2}" rx="${half * 0.88}" ry="${w * 0.075}" fill="${coffee}"/>`
  );
}

export function steam(x, y, h, color = '#FFFFFF', opacity = 0.7, gap = 26) {
  let s = '';
  for (const [dx, k] of [
    [-gap, 1],
    [0, -1],
    [gap, 1],
  ]) {
    const q = 14 * k;
    s += `<path d="M${x + dx} ${y}c${q} ${-h / 4} ${-q} ${-h / 4} 0 ${-h / 2}s${-q} ${-h / 4} 0 ${-h / 2}" stroke="${color}" stroke-opacity="${opacity}" stroke-width="8" fill="none" stroke-linecap="round"/>`;
  }
  return s;
}

export function roundLoaf(x, y, w) {
  const h = w * 0.55;
  let s =
    `<ellipse cx="${x}" cy="${y + 4}" rx="${w * 0.52}" ry="${w * 0.08}" fill="#000" opacity="0.15"/>` +
    `<path d="M${x - w / 2} ${y}C${x - w / 2} ${y - h * 1.2} ${x + w / 2} ${y - h * 1.2} ${x + w / 2} ${y}Z" fill="url(#crust)"/>` +
    `<path d="M${x - w / 2} ${y}C${x - w / 2} ${y - h * 0.35} ${x + w / 2} ${y - h * 0.35} ${x + w / 2} ${y}Z" fill="#000" opacity="0.08"/>`;
  for (const dx of [-0.22, 0, 0.22]) {
    s += `<path d="M${x + w * dx - w * 0.08} ${y - h * 0.72}q${w * 0.08} ${-h * 0.22} ${w * 0.16} 0" stroke="${CREAM}" stroke-width="${w * 0.03}" fill="none" stroke-linecap="round" opacity="0.85"/>`;
  }
  return s;
}

export function baton(x, y, len, rot) {
  const h = len * 0.22;
  let s =
    `<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<ellipse cx="0" cy="${h * 0.55}" rx="${len * 0.52}" ry="${h * 0.25}" fill="#000" opacity="0.15"/>` +
    `<rect x="${-len / 2}" y="${-h / 2}" width="${len}" height="${h}" rx="${h / 2}" fill="url(#crust)"/>`;
  for (let i = -2; i <= 2; i++) {
    const cx = i * len * 0.17;
    s += `<path d="M${cx - h * 0.28} ${h * 0.22}L${cx + h * 0.28} ${-h * 0.26}" stroke="${CREAM}" stroke-width="${h * 0.13}" stroke-linecap="round" opacity="0.85"/>`;
  }
  return s + '</g>';
}

export function croissant(x, y, w, rot = 0) {
  // [dx, dy, rx, ry, rotation], drawn from the tips towards the centre so the middle is on top
  const segs = [
    [-0.47, 0.2, 0.06, 0.06, -60],
    [0.47, 0.2, 0.06, 0.06, 60],
    [-0.37, 0.1, 0.1, 0.11, -48],
    [0.37, 0.1, 0.1, 0.11, 48],
    [-0.21, 0.01, 0.13, 0.15, -24],
    [0.21, 0.01, 0.13, 0.15, 24],
    [0, -0.03, 0.16, 0.18, 0],
  ];
  let s = `<g transform="translate(${x} ${y}) rotate(${rot})"><ellipse cx="0" cy="${r1(w * 0.2)}" rx="${r1(w * 0.52)}" ry="${r1(w * 0.06)}" fill="#000" opacity="0.15"/>`;
  for (const [dx, dy, rx, ry, r] of segs) {
    const cx = r1(dx * w);
    const cy = r1(dy * w);
    s += `<ellipse cx="${cx}" cy="${cy}" rx="${r1(rx * w)}" ry="${r1(ry * w)}" fill="url(#crust)" stroke="#A8692A" stroke-width="${r1(w * 0.012)}" transform="rotate(${r} ${cx} ${cy})"/>`;
    s += `<ellipse cx="${r1(cx - rx * w * 0.25)}" cy="${r1(cy - ry * w * 0.45)}" rx="${r1(rx * w * 0.45)}" ry="${r1(ry * w * 0.22)}" fill="#FFFFFF" opacity="0.25" transform="rotate(${r} ${cx} ${cy})"/>`;
  }
  return s + '</g>';
}

export function wheat(x, y, len, rot, color = ORANGE) {
  let s = `<g transform="translate(${x} ${y}) rotate(${rot})"><path d="M0 0L0 ${-len}" stroke="${color}" stroke-width="4" stroke-linecap="round"/>`;
  for (let i = 0; i < 6; i++) {
    const yy = -len * 0.45 - i * len * 0.09;
    s += `<ellipse cx="-8" cy="${r1(yy)}" rx="6" ry="12" fill="${color}" transform="rotate(-30 -8 ${r1(yy)})"/>`;
    s += `<ellipse cx="8" cy="${r1(yy)}" rx="6" ry="12" fill="${color}" transform="rotate(30 8 ${r1(yy)})"/>`;
  }
  s += `<ellipse cx="0" cy="${r1(-len - 4)}" rx="6" ry="12" fill="${color}"/>`;
  return s + '</g>';
}

export function apple(x, y, r, color = RED) {
  return (
    `<path d="M${x} ${y - r * 0.7}C${x - r * 0.5} ${y - r * 1.05} ${x - r * 1.1} ${y - r * 0.8} ${x - r} ${y}C${x - r * 0.95} ${y + r * 0.8} ${x - r * 0.3} ${y + r * 1.05} ${x} ${y + r * 0.85}C${x + r * 0.3} ${y + r * 1.05} ${x + r * 0.95} ${y + r * 0.8} ${x + r} ${y}C${x + r * 1.1} ${y - r * 0.8} ${x + r * 0.5} ${y - r * 1.05} ${x} ${y - r * 0.7}Z" fill="${color}"/>` +
    `<ellipse cx="${x - r * 0.45}" cy="${y - r * 0.25}" rx="${r * 0.16}" ry="${r * 0.28}" fill="#FFFFFF" opacity="0.35" transform="rotate(20 ${x - r * 0.45} ${y - r * 0.25})"/>` +
    `<path d="M${x} ${y - r * 0.7}q${r * 0.05} ${-r * 0.3} ${r * 0.2} ${-r * 0.42}" stroke="#5D3A1A" stroke-width="${r * 0.12}" fill="none" stroke-linecap="round"/>` +
    `<path d="M${x + r * 0.1} ${y - r * 0.95}q${r * 0.35} ${-r * 0.3} ${r * 0.65} ${-r * 0.08}q${-r * 0.3} ${r * 0.3} ${-r * 0.65} ${r * 0.08}Z" fill="${LIGHT_GREEN}"/>`
  );
}

export function carrot(x, y, len, rot) {
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<path d="M-6 0q-14 -26 -2 -40M0 0q0 -30 0 -46M6 0q14 -26 2 -40" stroke="${LIGHT_GREEN}" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    `<path d="M-16 0L16 0L2 ${len}Q0 ${len + 4} -2 ${len}Z" fill="#EF7D22" stroke="#EF7D22" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M-8 ${len * 0.25}l9 0M2 ${len * 0.45}l-7 0M-4 ${len * 0.65}l5 0" stroke="#C85F12" stroke-width="3" stroke-linecap="round"/>` +
    `</g>`
  );
}

export function pumpkin(x, y, w, color = '#EF8A22') {
  const h = w * 0.68;
  return (
    `<ellipse cx="${x}" cy="${y + h * 0.48}" rx="${w * 0.55}" ry="${w * 0.07}" fill="#000" opacity="0.15"/>` +
    `<ellipse cx="${x - w * 0.26}" cy="${y}" rx="${w * 0.28}" ry="${h / 2}" fill="${color}"/>` +
    `<ellipse cx="${x + w * 0.26}" cy="${y}" rx="${w * 0.28}" ry="${h / 2}" fill="${color}"/>` +
    `<ellipse cx="${x}" cy="${y}" rx="${w * 0.3}" ry="${h / 2}" fill="${color}" stroke="#C9691A" stroke-width="3"/>` +
    `<ellipse cx="${x}" cy="${y}" rx="${w * 0.5}" ry="${h / 2}" fill="none" stroke="#C9691A" stroke-width="3" opacity="0.5"/>` +
    `<path d="M${x} ${y - h / 2 + 4}q-2 -18 10 -26" stroke="#5D7A2A" stroke-width="${w * 0.07}" fill="none" stroke-linecap="round"/>`
  );
}

export function birch(x, groundY, h, w, crown = '#F4C542', crownDark = '#E0A526', seed = 1) {
  const rand = rng(seed);
  let s = `<rect x="${x - w / 2}" y="${groundY - h}" width="${w}" height="${h}" rx="${w * 0.3}" fill="#FAFAF5"/>`;
  for (let i = 0; i < 7; i++) {
    const yy = groundY - h * (0.08 + i * 0.13) - rand() * 12;
    const left = rand() < 0.5;
    const len = w * (0.35 + rand() * 0.3);
    s += `<rect x="${r1(left ? x - w / 2 : x + w / 2 - len)}" y="${r1(yy)}" width="${r1(len)}" height="${r1(4 + rand() * 4)}" rx="2" fill="#3A3A3A"/>`;
  }
  // crown: a cluster of circles
  const cy = groundY - h;
  const blobs = [
    [0, -10, 1],
    [-0.55, 0.25, 0.75],
    [0.55, 0.25, 0.75],
    [-0.3, -0.55, 0.7],
    [0.35, -0.5, 0.72],
    [0, 0.45, 0.7],
  ];
  const R = w * 3.2;
  for (const [dx, dy, k] of blobs)
    s += `<circle cx="${r1(x + dx * R)}" cy="${r1(cy + dy * R)}" r="${r1(R * 0.62 * k)}" fill="${crownDark}"/>`;
  for (const [dx, dy, k] of blobs)
    s += `<circle cx="${r1(x + dx * R - 6)}" cy="${r1(cy + dy * R - 6)}" r="${r1(R * 0.55 * k)}" fill="${crown}"/>`;
  return s;
}

export function firTree(x, groundY, h, fill = GREEN, shade = DARK) {
  const w = h * 0.62;
  let s = `<rect x="${x - h * 0.04}" y="${groundY - h * 0.14}" width="${h * 0.08}" height="${h * 0.14}" fill="#6D4C2F"/>`;
  const tiers = 4;
  for (let i = 0; i < tiers; i++) {
    const top = groundY - h + (i * h * 0.8) / tiers - (i === 0 ? 0 : h * 0.06);
    const bottom = groundY - h * 0.12 - ((tiers - 1 - i) * h * 0.8) / tiers + h * 0.04;
    const half = (w / 2) * ((i + 1.4) / (tiers + 0.4));
    s += `<path d="M${r1(x)} ${r1(top)}L${r1(x + half)} ${r1(bottom)}Q${r1(x)} ${r1(bottom + h * 0.04)} ${r1(x - half)} ${r1(bottom)}Z" fill="${fill}"/>`;
    s += `<path d="M${r1(x)} ${r1(top)}L${r1(x + half)} ${r1(bottom)}Q${r1(x + half * 0.5)} ${r1(bottom + h * 0.02)} ${r1(x)} ${r1(bottom + h * 0.03)}Z" fill="${shade}" opacity="0.45"/>`;
  }
  return s;
}

export function star(x, y, r, fill = ORANGE) {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (Math.PI / 5) * i;
    const rr = i % 2 ? r * 0.45 : r;
    d += `${i ? 'L' : 'M'}${r1(x + Math.cos(a) * rr)} ${r1(y + Math.sin(a) * rr)}`;
  }
  return `<path d="${d}Z" fill="${fill}"/>`;
}

export function gift(x, y, w, h, box, ribbon) {
  return (
    `<ellipse cx="${x + w / 2}" cy="${y + h}" rx="${w * 0.6}" ry="${w * 0.08}" fill="#000" opacity="0.15"/>` +
    `<rect x="${x}" y="${y + h * 0.18}" width="${w}" height="${h * 0.82}" rx="6" fill="${box}"/>` +
    `<rect x="${x - w * 0.05}" y="${y}" width="${w * 1.1}" height="${h * 0.22}" rx="6" fill="${box}"/>` +
    `<rect x="${x - w * 0.05}" y="${y + h * 0.16}" width="${w * 1.1}" height="${h * 0.06}" fill="#000" opacity="0.12"/>` +
    `<rect x="${x + w * 0.42}" y="${y}" width="${w * 0.16}" height="${h}" fill="${ribbon}"/>` +
    `<path d="M${x + w / 2} ${y}c${-w * 0.1} ${-h * 0.3} ${-w * 0.42} ${-h * 0.26} ${-w * 0.3} ${-h * 0.04}c${w * 0.06} ${h * 0.06} ${w * 0.2} ${h * 0.05} ${w * 0.3} ${h * 0.04}Z" fill="${ribbon}"/>` +
    `<path d="M${x + w / 2} ${y}c${w * 0.1} ${-h * 0.3} ${w * 0.42} ${-h * 0.26} ${w * 0.3} ${-h * 0.04}c${-w * 0.06} ${h * 0.06} ${-w * 0.2} ${h * 0.05} ${-w * 0.3} ${h * 0.04}Z" fill="${ribbon}"/>`
  );
}

export function ornament(x, topY, len, r, fill, stripe = CREAM) {
  const cy = topY + len + r;
  return (
    `<path d="M${x} ${topY}L${x} ${topY + len}" stroke="${stripe}" stroke-opacity="0.7" stroke-width="2"/>` +
    `<rect x="${x - r * 0.25}" y="${topY + len - r * 0.2}" width="${r * 0.5}" height="${r * 0.35}" rx="2" fill="#D9D9D9"/>` +
    `<circle cx="${x}" cy="${cy}" r="${r}" fill="${fill}"/>` +
    `<path d="M${x - r * 0.97} ${cy - r * 0.15}Q${x} ${cy + r * 0.2} ${x + r * 0.97} ${cy - r * 0.15}L${x + r * 0.97} ${cy + r * 0.15}Q${x} ${cy + r * 0.5} ${x - r * 0.97} ${cy + r * 0.15}Z" fill="${stripe}" opacity="0.85"/>` +
    `<circle cx="${x - r * 0.38}" cy="${cy - r * 0.42}" r="${r * 0.18}" fill="#FFFFFF" opacity="0.5"/>`
  );
}

export function balloon(x, y, r, fill, stringLen = 160, sway = 20) {
  return (
    `<path d="M${x} ${y + r * 1.2}q${sway} ${stringLen / 3} 0 ${stringLen / 1.6}t0 ${stringLen / 2.6}" stroke="#5F6B5F" stroke-width="2" fill="none" opacity="0.6"/>` +
    `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 1.2}" fill="${fill}"/>` +
    `<path d="M${x - 7} ${y + r * 1.28}L${x + 7} ${y + r * 1.28}L${x} ${y + r * 1.16}Z" fill="${fill}"/>` +
    `<ellipse cx="${x - r * 0.38}" cy="${y - r * 0.45}" rx="${r * 0.16}" ry="${r * 0.3}" fill="#FFFFFF" opacity="0.4" transform="rotate(25 ${x - r * 0.38} ${y - r * 0.45})"/>`
  );
}

export function tulip(x, y, stemLen, rot, petal, petalDark) {
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<path d="M0 0L0 ${stemLen}" stroke="${GREEN}" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M0 ${stemLen * 0.75}C-40 ${stemLen * 0.55} -34 ${stemLen * 0.2} -28 ${stemLen * 0.1}C-18 ${stemLen * 0.35} -6 ${stemLen * 0.5} 0 ${stemLen * 0.62}Z" fill="${LIGHT_GREEN}"/>` +
    `<path d="M-26 -8C-30 -40 -14 -56 0 -60C14 -56 30 -40 26 -8C20 8 -20 8 -26 -8Z" fill="${petal}"/>` +
    `<path d="M0 -60C-12 -40 -12 -10 0 6C12 -10 12 -40 0 -60Z" fill="${petalDark}"/>` +
    `<path d="M-26 -8C-30 -34 -24 -44 -16 -50C-18 -30 -12 -12 0 6C-12 6 -22 2 -26 -8Z" fill="${petalDark}" opacity="0.5"/>` +
    `</g>`
  );
}

export function card(x, y, w, rot = 0) {
  const h = w * 0.63;
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<rect x="${-w / 2 + 6}" y="${-h / 2 + 10}" width="${w}" height="${h}" rx="${w * 0.06}" fill="#000" opacity="0.18"/>` +
    `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="${w * 0.06}" fill="url(#card)"/>` +
    `<circle cx="${w * 0.32}" cy="${-h * 0.32}" r="${w * 0.36}" fill="#FFFFFF" opacity="0.07"/>` +
    leaf(-w * 0.3, -h * 0.12, h * 0.42, -18, CREAM, GREEN, 4) +
    `<rect x="${-w * 0.42}" y="${h * 0.2}" width="${w * 0.36}" height="${h * 0.07}" rx="${h * 0.035}" fill="${CREAM}" opacity="0.8"/>` +
    `<rect x="${-w * 0.42}" y="${h * 0.33}" width="${w * 0.22}" height="${h * 0.05}" rx="${h * 0.025}" fill="${CREAM}" opacity="0.5"/>` +
    `<rect x="${w * 0.16}" y="${h * 0.16}" width="${w * 0.26}" height="${h * 0.2}" rx="6" fill="${ORANGE}"/>` +
    `</g>`
  );
}

export function coin(x, y, r) {
  return (
    `<ellipse cx="${x}" cy="${y + r * 0.18}" rx="${r}" ry="${r}" fill="#D48A06"/>` +
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${ORANGE}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.74}" fill="none" stroke="#FFD54F" stroke-width="${r * 0.1}"/>` +
    leaf(x, y + r * 0.04, r * 0.95, 0, '#E08E0B', '#FFD54F', 5)
  );
}
