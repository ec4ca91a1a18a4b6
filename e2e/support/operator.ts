import { E2E } from './e2e-env';

type Settings = Record<string, unknown> & { modules: Array<{ id: string; disabled?: boolean }> };

const headers = { authorization: `Bearer ${E2E.operatorToken}`, 'content-type': 'application/json' };

export async function readSettings(): Promise<Settings> {
  const response = await fetch(`${E2E.mutableUrl}/api/operator/settings`, { headers });
  if (!response.ok) throw new Error(`settings: ${response.status}`);
  return (await response.json()) as Settings;
}

export async function writeSettings(settings: Settings) {
  const response = await fetch(`${E2E.mutableUrl}/api/operator/settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify(settings),
  });
  if (!response.ok) throw new Error(`settings: ${response.status} ${await response.text()}`);
}

/** Runs `work` with changed settings on the mutable server, then puts the old ones back. */
export async function withSettings(change: (s: Settings) => Settings, work: () => Promise<void>) {
  const original = await readSettings();
  await writeSettings(change(structuredClone(original)));
  try {
    await work();
  } finally {
    await writeSettings(original);
  }
}
