import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { pushVapidKeys } from '#server/db/schema/push';

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point: what the browser's `applicationServerKey` takes. */
  publicKey: string;
  /** base64url of the 32-byte private scalar: never logged, never answered. */
  privateKey: string;
}

type VapidConfig = Pick<Config, 'vapidPublicKey' | 'vapidPrivateKey'>;

// One read per database: the pair never changes by itself (a browser's subscription is bound to it).
const kept = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The installation's VAPID key pair (RFC 8292, decision 077): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set,
 * else the pair kept in `push_vapid_keys`, generated on the first call of the first process. Two processes
 * starting together both try to insert; the database keeps one and both read that one back.
 */
export function vapidKeys(db: Db, config: VapidConfig): Promise<VapidKeys> {
  if (config.vapidPublicKey && config.vapidPrivateKey)
    return Promise.resolve({ publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey });
  let keys = kept.get(db);
  if (!keys) {
    keys = keptOrGenerated(db);
    kept.set(db, keys);
    // A failed read (the database away) is not kept: the next call tries again.
    keys.catch(() => kept.delete(db));
  }
  return keys;
}

async function keptOrGenerated(db: Db): Promise<VapidKeys> {
  const [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
  if (row) return { publicKey: row.publicKey, privateKey: row.privateKey };
  const fresh = webPush.generateVAPIDKeys();
  await db
    .insert(pushVapidKeys)
    .values({ id: 1, ...fresh, createdAt: new Date() })
    .onConflictDoNothing({ target: pushVapidKeys.id });
  const [stored] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
  return { publicKey: stored!.publicKey, privateKey: stored!.privateKey };
}

/** Who the push services may write to about this sender: VAPID_SUBJECT, else the operator's e-mail, else the site. */
export function vapidSubject(config: Pick<Config, 'vapidSubject' | 'operatorEmail' | 'publicUrl'>): string {
  if (config.vapidSubject) return config.vapidSubject;
  if (config.operatorEmail) return `mailto:${config.operatorEmail}`;
  // web-push takes only mailto: or https:; a development site on http://localhost still needs a subject.
  return config.publicUrl.startsWith('https://') ? config.publicUrl : 'mailto:push@localhost.localdomain';
}
