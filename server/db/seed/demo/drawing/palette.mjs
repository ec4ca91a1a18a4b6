// The brand palette, a deterministic random source and the birch leaf every picture repeats.

export const GREEN = '#2E7D32';
export const DARK = '#1B5E20';
export const ORANGE = '#F9A825';
export const CREAM = '#FFF8E1';
export const LIGHT_GREEN = '#66BB6A';
export const CRUST = '#C98B3C';
export const RED = '#E0533D';

export const r1 = (n) => Math.round(n * 10) / 10;

// Small deterministic PRNG so that the pictures are the same on every run.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Birch leaf: a broad ovate leaf with a pointed tip and a serrated edge.
// Centred on (0, 0), about 80 units wide and 100 tall (stem included), tip up.

export function leafWidth(u) {
  if (u <= 0 || u >= 1) return 0;
  return 101.5 * Math.pow(u, 0.45) * Math.pow(1 - u, 1.25);
}
export const leafY = (u) => 40 - 90 * u;

export function leafOutline() {
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
export const LEAF_PATH = leafOutline();
export const STEM_PATH = `M0 ${leafY(0) - 4}Q0.5 ${leafY(0) + 7} 4 ${leafY(0) + 14}`;

export function leafVeins() {
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
export const VEIN_PATH = leafVeins();

/** A birch leaf. size = height in px of the leaf blade. */
export function leaf(x, y, size, rot = 0, fill = GREEN, vein = CREAM, veinWidth = 3) {
  const s = size / 90;
  return (
    `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${rot}) scale(${r1(s * 1000) / 1000})">` +
    `<path d="${STEM_PATH}" stroke="${fill}" stroke-width="4.5" stroke-linecap="round" fill="none"/>` +
    `<path d="${LEAF_PATH}" fill="${fill}"/>` +
    `<path d="${VEIN_PATH}" stroke="${vein}" stroke-width="${veinWidth}" stroke-linecap="round" fill="none"/>` +
    `</g>`
  );
}
