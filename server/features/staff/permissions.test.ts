import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '#common/contract/endpoint';
import { roleAllows, STAFF_ROLES, type StaffRole } from '#common/contract/permissions';
import { fakeClock } from '#server/test/auth-kit';
import { asStaff, staffOfRole, type StaffLogin } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';

const TOKEN = 'staff-permissions-operator-token-0123456789';

/** Every operator endpoint of the contract, found the way the contract fuzz finds them. */
async function operatorEndpoints(): Promise<Endpoint[]> {
  const dir = fileURLToPath(new URL('../../../common/contract/', import.meta.url));
  const found: Endpoint[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(`../../../common/contract/${file.replace(/\.ts$/, '')}.ts`)) as Record<
      string,
      unknown
    >;
    for (const value of Object.values(module)) {
      const e = value as Partial<Endpoint>;
      if (e && typeof e === 'object' && e.auth === 'operator' && e.path) found.push(e as Endpoint);
    }
  }
  return found;
}

/** A path with harmless values: an unknown id or number, so an allowed call changes nothing (404 or 400). */
const urlOf = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) =>
    /number/i.test(name) ? '999999' : '00000000-0000-4000-8000-000000000000',
  );

describe('the role × endpoint matrix', () => {
  let t: TestApp;
  const clock = fakeClock();
  const staff = new Map<StaffRole, StaffLogin>();
  let endpoints: Endpoint[];

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: TOKEN } });
    for (const role of STAFF_ROLES) staff.set(role, await staffOfRole(t, clock, TOKEN, role));
    endpoints = await operatorEndpoints();
  });
  afterAll(() => t.close());

  it('finds the operator endpoints, each with a permission', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(14);
    for (const e of endpoints) expect(e.permission, `${e.method} ${e.path}`).toBeTruthy();
  });

  it('lets each role through exactly where its permissions say, with FORBIDDEN elsewhere', async () => {
    for (const endpoint of endpoints) {
      for (const role of STAFF_ROLES) {
        const response = await asStaff(t, staff.get(role)!, {
          method: endpoint.method,
          url: urlOf(endpoint.path),
          ...(endpoint.method !== 'GET' && { payload: {} }),
        });
        const where = `${role} ${endpoint.method} ${endpoint.path}: ${response.statusCode} ${response.body}`;
        if (roleAllows(role, endpoint.permission!)) {
          expect([401, 403], where).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, where).toBe(403);
          expect(response.json().code, where).toBe('FORBIDDEN');
        }
      }
    }
  });

  it('lets the owner, the accountant and the viewer read the reports, and nobody else (decision 031)', () => {
    const reports = endpoints.filter((e) => e.path.startsWith('/api/operator/reports'));
    expect(reports.map((e) => e.path).sort()).toEqual([
      '/api/operator/reports',
      '/api/operator/reports/csv',
      '/api/operator/reports/dashboard',
    ]);
    for (const e of reports) {
      expect(e.permission).toBe('reports.read');
      expect(STAFF_ROLES.filter((role) => roleAllows(role, e.permission!))).toEqual([
        'owner',
        'accountant',
        'viewer',
      ]);
    }
  });

  it('refuses a change without the CSRF token, and lets the token (system) through everywhere', async () => {
    const owner = staff.get('owner')!;
    for (const endpoint of endpoints.filter((e) => e.method !== 'GET')) {
      const noCsrf = await t.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint.path),
        headers: { cookie: owner.cookie },
        payload: {},
      });
      expect(noCsrf.statusCode, endpoint.path).toBe(403);
      expect(noCsrf.json().code).toBe('CSRF_INVALID');
    }
    for (const endpoint of endpoints) {
      const response = await t.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint.path),
        headers: { authorization: `Bearer ${TOKEN}` },
        ...(endpoint.method !== 'GET' && { payload: {} }),
      });
      expect([401, 403], `${endpoint.path}: ${response.body}`).not.toContain(response.statusCode);
    }
  });

  it('answers 401 without a session or with a wrong token', async () => {
    const none = await t.app.inject({ url: '/api/admin/staff' });
    expect(none.statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/api/operator/settings',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.json().code).toBe('UNAUTHORIZED');
  });
});
