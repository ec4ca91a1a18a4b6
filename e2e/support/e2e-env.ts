/** Ports and secrets of the end-to-end run (loopback only). */
export const E2E = {
  readOnlyPort: 3210,
  readOnlyUrl: 'http://localhost:3210',
  /** A second server whose settings the journeys change. */
  mutablePort: 3220,
  mutableUrl: 'http://localhost:3220',
  /** The partner page allowed to embed the site, and one that is not. */
  partnerPort: 3211,
  partnerOrigin: 'http://localhost:3211',
  strangerPort: 3212,
  operatorToken: 'e2e-operator-token-0123456789abcdef0123',
} as const;
