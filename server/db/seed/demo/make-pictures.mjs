// Draws the demo pictures of the «Берёзка» brand as SVG and renders them with sharp.
// Everything is generated offline: no fonts, images or data are downloaded.
//
// sharp is not a dependency of the project; install it in a scratch folder and point NODE_PATH at it:
//   mkdir -p /tmp/pics && (cd /tmp/pics && npm init -y && npm install sharp)
//   NODE_PATH=/tmp/pics/node_modules node server/db/seed/demo/make-pictures.mjs
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const { default: sharp } = await import(pathToFileURL(require.resolve('sharp')).href);

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'pictures');
mkdirSync(out, { recursive: true });

// Brand palette
const GREEN = '#2E7D32';
const DARK = '#1B5E20';
const ORANGE = '#F9A825';
const CREAM = '#FFF8E1';
const LIGHT_GREEN = '#66BB6A';
const CRUST = '#C98B3C';
const RED = '#E0533D';

const r1 = (n) => Math.round(n * 10) / 10;

// Small deterministic PRNG so that the pictures are the same on every run.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------
// Birch leaf: a broad ovate leaf with a pointed tip and a serrated edge.
// Centred on (0, 0), about 80 units wide and 100 tall (stem included), tip up.

function leafWidth(u) {
  if (u <= 0 || u >= 1) return 0;
  return 101.5 * Math.pow(u, 0.45) * Math.pow(1 - u, 1.25);
}
const leafY = (u) => 40 - 90 * u;

function leafOutline() {
  const right = [];
  const push = (u, amp) => {
    const du = 0.003;
    const x = leafWidth(u);
    const y = leafY(u);
    const dx = leafWidth(u + du) - leafWidth(u - du);
    const dy = leafY(u + du) - leafY(u - du);
    const len = Math.hypot(dx, dy);
    // outward normal of the right-hand edge
    right.push([x - (dy / len) * amp, y + (dx / len) * amp]);
  };
  for (const u of [0.008, 0.025, 0.05, 0.085, 0.12]) push(u, 0);
  const teeth = 11;
  const start = 0.155;
  const end = 0.955;
  for (let i = 0; i < teeth; i++) {
    const a = start + ((end - start) * i) / teeth;
    const b = start + ((end - start) * (i + 1)) / teeth;
    const amp = 2.6 * (1 - (0.5 * i) / teeth);
    push(a, 0);
    push(a + (b - a) * 0.45, amp * 0.45);
    push(a + (b - a) * 0.8, amp);
  }
  const left = right.map(([x, y]) => [-x, y]).reverse();
  const all = [[0, leafY(0)], ...right, [0, leafY(1)], ...left];
  return 'M' + all.map(([x, y]) => `${r1(x)} ${r1(y)}`).join('L') + 'Z';
}
const LEAF_PATH = leafOutline();
const STEM_PATH = `M0 ${leafY(0) - 4}Q0.5 ${leafY(0) + 7} 4 ${leafY(0) + 14}`;

function leafVeins() {
  let d = `M0 ${leafY(0) - 1}L0 ${r1(leafY(0.86))}`;
  for (const u of [0.05, 0.15, 0.25, 0.35, 0.45, 0.55]) {
    const y0 = leafY(u);
    const u2 = u + 0.16;
    const x2 = leafWidth(u2) * 0.72;
    const y2 = leafY(u2);
    d += `M0 ${r1(y0)}L${r1(x2)} ${r1(y2)}M0 ${r1(y0)}L${r1(-x2)} ${r1(y2)}`;
  }
  return d;
}
const VEIN_PATH = leafVeins();

/** A birch leaf. size = height in px of the leaf blade. */
function leaf(x, y, size, rot = 0, fill = GREEN, vein = CREAM, veinWidth = 3) {
  const s = size / 90;
  return (
    `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${rot}) scale(${r1(s * 1000) / 1000})">` +
    `<path d="${STEM_PATH}" stroke="${fill}" stroke-width="4.5" stroke-linecap="round" fill="none"/>` +
    `<path d="${LEAF_PATH}" fill="${fill}"/>` +
    `<path d="${VEIN_PATH}" stroke="${vein}" stroke-width="${veinWidth}" stroke-linecap="round" fill="none"/>` +
    `</g>`
  );
}

// ---------------------------------------------------------------------------
// Reusable drawing pieces

const linear = (id, stops, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">` +
  stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('') +
  `</linearGradient>`;

const radial = (id, stops, cx = 0.5, cy = 0.5, r = 0.6) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">` +
  stops
    .map(
      ([o, c, op]) =>
        `<stop offset="${o}" stop-color="${c}"${op !== undefined ? ` stop-opacity="${op}"` : ''}/>`,
    )
    .join('') +
  `</radialGradient>`;

const svg = (w, h, defs, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;

function confetti(seed, n, w, h, colors, avoid = () => false) {
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

function snowflake(x, y, r, color = '#FFFFFF', opacity = 0.9, width = 3) {
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

function coffeeBean(x, y, s, rot, fill = '#6D3B1E', line = '#3E2010') {
  return (
    `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${rot}) scale(${s})">` +
    `<ellipse rx="14" ry="20" fill="${fill}"/>` +
    `<path d="M0 -17C-7 -6 7 6 0 17" stroke="${line}" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `</g>`
  );
}

/** Cup seen from the side. (x, y) = centre of the rim, w = rim width. */
function cup(x, y, w, body = CREAM, band = GREEN, coffee = '#6D3B1E') {
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

function steam(x, y, h, color = '#FFFFFF', opacity = 0.7, gap = 26) {
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

function roundLoaf(x, y, w) {
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

function baton(x, y, len, rot) {
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

function croissant(x, y, w, rot = 0) {
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

function wheat(x, y, len, rot, color = ORANGE) {
  let s = `<g transform="translate(${x} ${y}) rotate(${rot})"><path d="M0 0L0 ${-len}" stroke="${color}" stroke-width="4" stroke-linecap="round"/>`;
  for (let i = 0; i < 6; i++) {
    const yy = -len * 0.45 - i * len * 0.09;
    s += `<ellipse cx="-8" cy="${r1(yy)}" rx="6" ry="12" fill="${color}" transform="rotate(-30 -8 ${r1(yy)})"/>`;
    s += `<ellipse cx="8" cy="${r1(yy)}" rx="6" ry="12" fill="${color}" transform="rotate(30 8 ${r1(yy)})"/>`;
  }
  s += `<ellipse cx="0" cy="${r1(-len - 4)}" rx="6" ry="12" fill="${color}"/>`;
  return s + '</g>';
}

function apple(x, y, r, color = RED) {
  return (
    `<path d="M${x} ${y - r * 0.7}C${x - r * 0.5} ${y - r * 1.05} ${x - r * 1.1} ${y - r * 0.8} ${x - r} ${y}C${x - r * 0.95} ${y + r * 0.8} ${x - r * 0.3} ${y + r * 1.05} ${x} ${y + r * 0.85}C${x + r * 0.3} ${y + r * 1.05} ${x + r * 0.95} ${y + r * 0.8} ${x + r} ${y}C${x + r * 1.1} ${y - r * 0.8} ${x + r * 0.5} ${y - r * 1.05} ${x} ${y - r * 0.7}Z" fill="${color}"/>` +
    `<ellipse cx="${x - r * 0.45}" cy="${y - r * 0.25}" rx="${r * 0.16}" ry="${r * 0.28}" fill="#FFFFFF" opacity="0.35" transform="rotate(20 ${x - r * 0.45} ${y - r * 0.25})"/>` +
    `<path d="M${x} ${y - r * 0.7}q${r * 0.05} ${-r * 0.3} ${r * 0.2} ${-r * 0.42}" stroke="#5D3A1A" stroke-width="${r * 0.12}" fill="none" stroke-linecap="round"/>` +
    `<path d="M${x + r * 0.1} ${y - r * 0.95}q${r * 0.35} ${-r * 0.3} ${r * 0.65} ${-r * 0.08}q${-r * 0.3} ${r * 0.3} ${-r * 0.65} ${r * 0.08}Z" fill="${LIGHT_GREEN}"/>`
  );
}

function carrot(x, y, len, rot) {
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<path d="M-6 0q-14 -26 -2 -40M0 0q0 -30 0 -46M6 0q14 -26 2 -40" stroke="${LIGHT_GREEN}" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    `<path d="M-16 0L16 0L2 ${len}Q0 ${len + 4} -2 ${len}Z" fill="#EF7D22" stroke="#EF7D22" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M-8 ${len * 0.25}l9 0M2 ${len * 0.45}l-7 0M-4 ${len * 0.65}l5 0" stroke="#C85F12" stroke-width="3" stroke-linecap="round"/>` +
    `</g>`
  );
}

function pumpkin(x, y, w, color = '#EF8A22') {
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

function birch(x, groundY, h, w, crown = '#F4C542', crownDark = '#E0A526', seed = 1) {
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

function firTree(x, groundY, h, fill = GREEN, shade = DARK) {
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

function star(x, y, r, fill = ORANGE) {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (Math.PI / 5) * i;
    const rr = i % 2 ? r * 0.45 : r;
    d += `${i ? 'L' : 'M'}${r1(x + Math.cos(a) * rr)} ${r1(y + Math.sin(a) * rr)}`;
  }
  return `<path d="${d}Z" fill="${fill}"/>`;
}

function gift(x, y, w, h, box, ribbon) {
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

function ornament(x, topY, len, r, fill, stripe = CREAM) {
  const cy = topY + len + r;
  return (
    `<path d="M${x} ${topY}L${x} ${topY + len}" stroke="${stripe}" stroke-opacity="0.7" stroke-width="2"/>` +
    `<rect x="${x - r * 0.25}" y="${topY + len - r * 0.2}" width="${r * 0.5}" height="${r * 0.35}" rx="2" fill="#D9D9D9"/>` +
    `<circle cx="${x}" cy="${cy}" r="${r}" fill="${fill}"/>` +
    `<path d="M${x - r * 0.97} ${cy - r * 0.15}Q${x} ${cy + r * 0.2} ${x + r * 0.97} ${cy - r * 0.15}L${x + r * 0.97} ${cy + r * 0.15}Q${x} ${cy + r * 0.5} ${x - r * 0.97} ${cy + r * 0.15}Z" fill="${stripe}" opacity="0.85"/>` +
    `<circle cx="${x - r * 0.38}" cy="${cy - r * 0.42}" r="${r * 0.18}" fill="#FFFFFF" opacity="0.5"/>`
  );
}

function balloon(x, y, r, fill, stringLen = 160, sway = 20) {
  return (
    `<path d="M${x} ${y + r * 1.2}q${sway} ${stringLen / 3} 0 ${stringLen / 1.6}t0 ${stringLen / 2.6}" stroke="#5F6B5F" stroke-width="2" fill="none" opacity="0.6"/>` +
    `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 1.2}" fill="${fill}"/>` +
    `<path d="M${x - 7} ${y + r * 1.28}L${x + 7} ${y + r * 1.28}L${x} ${y + r * 1.16}Z" fill="${fill}"/>` +
    `<ellipse cx="${x - r * 0.38}" cy="${y - r * 0.45}" rx="${r * 0.16}" ry="${r * 0.3}" fill="#FFFFFF" opacity="0.4" transform="rotate(25 ${x - r * 0.38} ${y - r * 0.45})"/>`
  );
}

function tulip(x, y, stemLen, rot, petal, petalDark) {
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

function card(x, y, w, rot = 0) {
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

function coin(x, y, r) {
  return (
    `<ellipse cx="${x}" cy="${y + r * 0.18}" rx="${r}" ry="${r}" fill="#D48A06"/>` +
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${ORANGE}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.74}" fill="none" stroke="#FFD54F" stroke-width="${r * 0.1}"/>` +
    leaf(x, y + r * 0.04, r * 0.95, 0, '#E08E0B', '#FFD54F', 5)
  );
}

// ---------------------------------------------------------------------------
// Logo and icons

const logoSvg =
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="80" viewBox="0 0 320 80">` +
  `<title>Берёзка</title>` +
  `<circle cx="40" cy="40" r="34" fill="${CREAM}"/>` +
  `<circle cx="58" cy="16" r="7" fill="${ORANGE}"/>` +
  leaf(39, 40, 48, -22, GREEN, CREAM, 3.6) +
  `<text x="86" y="53" font-family="DejaVu Sans, Arial, sans-serif" font-size="38" font-weight="700" fill="${DARK}" letter-spacing="-0.5">Берёзка</text>` +
  `</svg>\n`;

function iconSvg(size) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="${GREEN}"/>` +
    `<circle cx="70" cy="24" r="7" fill="${ORANGE}"/>` +
    leaf(48, 50, 60, -20, CREAM, GREEN, 3.6) +
    `</svg>`
  );
}

// ---------------------------------------------------------------------------
// News illustrations, 1200x630

const W = 1200;
const H = 630;
const crustDef = linear('crust', [
  [0, '#E3A857'],
  [1, CRUST],
]);

function news1Bakery() {
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

function news2Coffee() {
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

function news3Festive() {
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

function news4Grocery() {
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

function news5Autumn() {
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

function news6Opening() {
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

// ---------------------------------------------------------------------------
// Gift-card backgrounds, 900x560. The left part is kept calm for the amount and the title.

const GW = 900;
const GH = 560;

function gift1Birthday() {
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

function gift2NewYear() {
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

function gift3Flowers() {
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

function gift4Coffee() {
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

// ---------------------------------------------------------------------------
// Rules banner, 1200x500

function rulesBanner() {
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

// ---------------------------------------------------------------------------
// Render

async function toWebp(name, svgText, width, height) {
  const file = join(out, name);
  await sharp(Buffer.from(svgText), { density: 72 })
    .resize(width, height)
    .webp({ quality: 70, effort: 6, smartSubsample: true })
    .toFile(file);
  return file;
}

async function toPng(name, svgText, width, height) {
  const file = join(out, name);
  await sharp(Buffer.from(svgText), { density: 300 })
    .resize(width, height)
    .png({ compressionLevel: 9, palette: true, quality: 95 })
    .toFile(file);
  return file;
}

writeFileSync(join(out, 'logo.svg'), logoSvg);
await toPng('logo.png', logoSvg, 320, 80);
await toPng('favicon.png', iconSvg(64), 64, 64);
await toPng('icon-192.png', iconSvg(192), 192, 192);
await toPng('icon-512.png', iconSvg(512), 512, 512);

const news = [news1Bakery, news2Coffee, news3Festive, news4Grocery, news5Autumn, news6Opening];
for (const [i, draw] of news.entries()) await toWebp(`news-${i + 1}.webp`, draw(), W, H);

const gifts = [gift1Birthday, gift2NewYear, gift3Flowers, gift4Coffee];
for (const [i, draw] of gifts.entries()) await toWebp(`gift-${i + 1}.webp`, draw(), GW, GH);

await toWebp('rules.webp', rulesBanner(), 1200, 500);

console.log(`pictures written to ${out}`);
