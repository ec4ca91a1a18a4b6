import { mkdir, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

// Journeys in different files run in two workers against the one mutable server; a directory made atomically
// serves as a lock, so one journey's change and restore never interleave with another's.
const LOCK = join(tmpdir(), `kopilka-e2e-${E2E.mutablePort}.lock`);
const STALE_MS = 60_000;

async function withLock(work: () => Promise<void>) {
  for (;;) {
    try {
      await mkdir(LOCK);
      break;
    } catch {
      // A lock left by a run that was killed mid-journey is taken over once it is clearly stale.
      const age = await stat(LOCK).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > STALE_MS) await rmdir(LOCK).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    await work();
  } finally {
    await rmdir(LOCK);
  }
}

/** Runs `work` with changed settings on the mutable server, then puts the old ones back. */
export function withSettings(change: (s: Settings) => Settings, work: () => Promise<void>) {
  return withLock(async () => {
    const original = await readSettings();
    await writeSettings(change(structuredClone(original)));
    try {
      await work();
    } finally {
      await writeSettings(original);
    }
  });
}

/** The brand as one document (settings, points, actions, news, FAQ, documents, pictures), as the operator's tool moves it. */
export type Content = Record<string, unknown> & {
  points: unknown[];
  actions: unknown[];
  news: unknown[];
  faq: unknown[];
};

async function transferContent(content?: Content): Promise<Content> {
  const response = await fetch(`${E2E.mutableUrl}/api/operator/content`, {
    headers,
    ...(content && { method: 'PUT', body: JSON.stringify(content) }),
  });
  if (!response.ok) throw new Error(`content: ${response.status} ${await response.text()}`);
  return (await response.json()) as Content;
}

/** Runs `work` with changed content on the mutable server (an operator import), then imports the old back. */
export function withContent(change: (c: Content) => Content, work: () => Promise<void>) {
  return withLock(async () => {
    const original = await transferContent();
    await transferContent(change(structuredClone(original)));
    try {
      await work();
    } finally {
      await transferContent(original);
    }
  });
}

/** A till key for a retail point, issued as the operator's tool does (`till-key issue`). */
export async function issueTillKey(retailPointId: number, label = 'e2e till'): Promise<string> {
  const response = await fetch(`${E2E.mutableUrl}/api/operator/till-keys`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ retailPointId, label }),
  });
  if (!response.ok) throw new Error(`till key: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { key: string }).key;
}
