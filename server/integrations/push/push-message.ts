import { isWellFormedText } from '#common/lib/validation';

/** What a notification says and where a tap leads (the service worker shows it: web/sw/notifications.ts). */
export interface PushMessage {
  title: string;
  body: string;
  /** A page of this site: a path (`/profile?t=operations`) or an absolute URL on PUBLIC_URL's origin. */
  url: string;
  /** Notifications with one tag replace each other on the device (and, as RFC 8030's Topic, at the service). */
  tag?: string | undefined;
}

/** What the service worker receives, JSON in the encrypted body. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
  /** An advertising message's one-step withdrawal (decision 072): the notification's «Отписаться» action. */
  unsubscribeUrl?: string;
}

const TITLE_MAX = 120;
const BODY_MAX = 1000;
/** RFC 8030 §5.4: a Topic is at most 32 characters of the base64url alphabet. */
const TOPIC = /^[\w-]{1,32}$/;

/** A message the sender cannot send is the caller's mistake, not the member's: it throws. */
export class PushMessageError extends Error {}

/**
 * The payload of a message, checked: texts within what a notification shows (and under RFC 8291's 4 KB record),
 * no lone surrogates, and a link that stays on the site (the service worker refuses any other origin too).
 */
export function pushPayload(message: PushMessage, publicUrl: string, unsubscribeUrl?: string): PushPayload {
  const { title, body, tag } = message;
  if (!title.trim() || title.length > TITLE_MAX) throw new PushMessageError(`title: 1 to ${TITLE_MAX} chars`);
  if (!body.trim() || body.length > BODY_MAX) throw new PushMessageError(`body: 1 to ${BODY_MAX} chars`);
  if (![title, body, tag ?? ''].every(isWellFormedText)) throw new PushMessageError('lone surrogate in text');
  if (tag !== undefined && !TOPIC.test(tag)) throw new PushMessageError('tag: up to 32 of [A-Za-z0-9_-]');
  return {
    title,
    body,
    url: sitePath(message.url, publicUrl),
    ...(tag === undefined ? {} : { tag }),
    ...(unsubscribeUrl === undefined ? {} : { unsubscribeUrl }),
  };
}

/** The path of a link on the site; a link elsewhere throws. */
function sitePath(url: string, publicUrl: string): string {
  const site = new URL(publicUrl);
  const target = new URL(url, site);
  if (
    target.origin !== site.origin ||
    !(url.startsWith('/') || url.startsWith(site.origin)) ||
    url.startsWith('//')
  )
    throw new PushMessageError('url: a page of this site');
  return `${target.pathname}${target.search}${target.hash}`;
}

/** The Topic header for a tag that may be one (RFC 8030 §5.4), so a newer message replaces an undelivered one. */
export const topicOf = (tag: string | undefined) => (tag && TOPIC.test(tag) ? tag : undefined);
