// The storm's HTTP calls over loopback, and the tally of what was attempted, acknowledged and failed.

export interface Answer {
  /** 0: no HTTP answer at all (refused, reset, timed out). */
  status: number;
  body: unknown;
  location: string | null;
}

export async function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; json?: object; form?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // A page, not JSON.
    }
    return { status: response.status, body: parsed, location: response.headers.get('location') };
  } catch (error) {
    return { status: 0, body: String(error), location: null };
  }
}

export const ok = (a: Answer) => a.status >= 200 && a.status < 400;

/** Thrown by a flow step that did not get its 2xx: the flow counts as failed (not acknowledged). */
export class StepFailed extends Error {
  constructor(
    readonly step: string,
    readonly answer: Answer,
  ) {
    super(`${step}: ${answer.status}`);
  }
}

export function expectOk(step: string, answer: Answer): Answer {
  if (!ok(answer)) throw new StepFailed(step, answer);
  return answer;
}

export type OpKind =
  | 'login'
  | 'refresh'
  | 'content read'
  | 'bonus payment'
  | 'card payment'
  | 'gift-card order'
  | 'till visit'
  | 'till accrue'
  | 'till spend'
  | 'till refund'
  | 'sms send (limit probe)';

interface Tally {
  attempted: number;
  acknowledged: number;
  failed: number;
  statuses: Map<string, number>;
}

export class Recorder {
  readonly tallies = new Map<OpKind, Tally>();
  /** Answers no outage excuses: 500s, or a 503 without a message. */
  readonly unexpected: string[] = [];

  private tally(kind: OpKind): Tally {
    let t = this.tallies.get(kind);
    if (!t) this.tallies.set(kind, (t = { attempted: 0, acknowledged: 0, failed: 0, statuses: new Map() }));
    return t;
  }

  /** Runs one operation; its result when acknowledged, else undefined. */
  async run<T>(kind: OpKind, work: () => Promise<T>): Promise<T | undefined> {
    const t = this.tally(kind);
    t.attempted++;
    try {
      const result = await work();
      t.acknowledged++;
      return result;
    } catch (error) {
      t.failed++;
      const label = error instanceof StepFailed ? labelOf(error) : String(error);
      t.statuses.set(label, (t.statuses.get(label) ?? 0) + 1);
      if (error instanceof StepFailed) this.judge(kind, error);
      else this.unexpected.push(`${kind}: ${label}`);
      return undefined;
    }
  }

  private judge(kind: OpKind, error: StepFailed) {
    const { status, body } = error.answer;
    const message = (body as { message?: unknown } | null)?.message;
    if (status >= 500 && (status !== 503 || typeof message !== 'string' || !message)) {
      this.unexpected.push(`${kind}: ${error.step} answered ${status} ${JSON.stringify(body).slice(0, 200)}`);
    }
  }
}

/** `step status`, with the message of a 4xx (what the client was told to fix) so the table says why. */
function labelOf(error: StepFailed): string {
  const { status, body } = error.answer;
  const message = (body as { message?: unknown } | null)?.message;
  const why =
    status >= 400 && status < 500 && typeof message === 'string' ? ` (${message.slice(0, 60)})` : '';
  return `${error.step} ${status}${why}`;
}
