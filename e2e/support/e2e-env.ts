/** Ports and secrets of the end-to-end run (loopback only). E2E_PORT_BASE moves every port, so runs can coexist. */
const base = Number(process.env.E2E_PORT_BASE ?? 3210);

export const E2E = {
  readOnlyPort: base,
  readOnlyUrl: `http://localhost:${base}`,
  /** A second server whose settings the journeys change. */
  mutablePort: base + 10,
  mutableUrl: `http://localhost:${base + 10}`,
  /** A third server whose clock the journeys move forward (DEV_CLOCK, POST /api/dev/clock). */
  clockPort: base + 20,
  clockUrl: `http://localhost:${base + 20}`,
  /** The partner page allowed to embed the site, and one that is not. */
  partnerPort: base + 1,
  partnerOrigin: `http://localhost:${base + 1}`,
  strangerPort: base + 2,
  /** The demo customer's fixed login code (SMS_TEST_OTP): journeys log it in as often as they need. */
  demoPhone: '79000000001',
  demoOtp: '24680',
  /** The indoor floors widget's script on the mutable server: a host that never resolves. */
  floorsWidgetUrl: 'https://floors.invalid/loader.js',
  operatorToken: 'e2e-operator-token-0123456789abcdef0123',
} as const;
