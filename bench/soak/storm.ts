// The mixed storm: workers for each kind of operation, spread over both instances, until the deadline. What
// each acknowledged is kept for the checks afterwards.
import type { Recorder } from './http';
import { call, ok, StepFailed } from './http';
import {
  accrue,
  buyGiftCard,
  login,
  openVisit,
  pay,
  readContent,
  refresh,
  refundOperation,
  spend,
  type Session,
  type Till,
} from './flows';

export interface Acknowledged {
  sessions: Session[];
  bonusPayments: string[];
  cardPayments: string[];
  giftCardOrders: string[];
  /** Till operations and the state they were last acknowledged in. */
  tillOperations: Map<string, 'completed' | 'refunded'>;
  /** Limit probe: phones whose code send was accepted (2xx), with how many times. */
  smsAccepted: Map<string, number>;
  temporaryUsers: number;
}

export interface StormPlan {
  bases: string[];
  until: number;
  loginPhones: string[];
  payers: Session[];
  till: Till;
  probePhones: string[];
  recipientPhone: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function storm(plan: StormPlan, recorder: Recorder, stopped: () => boolean) {
  // A client that is refused waits a little before its next try (the 503 says Retry-After), so an outage is
  // not counted as thousands of instant failures.
  const run: Recorder['run'] = async (kind, work) => {
    const result = await recorder.run(kind, work);
    if (result === undefined) await sleep(250);
    return result;
  };
  const acked: Acknowledged = {
    sessions: [],
    bonusPayments: [],
    cardPayments: [],
    giftCardOrders: [],
    tillOperations: new Map(),
    smsAccepted: new Map(),
    temporaryUsers: 0,
  };
  let turn = 0;
  const base = () => plan.bases[turn++ % plan.bases.length]!;
  const going = () => Date.now() < plan.until && !stopped();
  const ctx: StormContext = { plan, recorder, acked, run, base, going };

  const loginWorker = async (phones: string[]) => {
    for (let i = 0; going(); i++) {
      const phone = phones[i % phones.length]!;
      const session = await run('login', () => login(base(), phone));
      if (session) acked.sessions.push(session);
      const mine = acked.sessions.filter((s) => phones.includes(s.phone) && !s.unsure);
      const pick = mine[i % Math.max(1, mine.length)];
      if (pick) await run('refresh', () => refresh(base(), pick));
    }
  };
  const contentWorker = async () => {
    for (let i = 0; going(); i++) await run('content read', () => readContent(base(), i));
  };
  const paymentWorker = async (payer: Session, n: number) => {
    for (let i = n; going(); i++) {
      const byCard = i % 4 === 0;
      const id = await run(byCard ? 'card payment' : 'bonus payment', () =>
        pay(base(), payer, byCard ? 100 : 10, byCard),
      );
      if (id) (byCard ? acked.cardPayments : acked.bonusPayments).push(id);
    }
  };
  const giftCardWorker = async (buyer: Session) => {
    while (going()) {
      const id = await run('gift-card order', () => buyGiftCard(base(), buyer, plan.recipientPhone));
      if (id) acked.giftCardOrders.push(id);
    }
  };

  const half = Math.ceil(plan.loginPhones.length / 2);
  const [buyer, ...payers] = plan.payers;
  await Promise.all([
    loginWorker(plan.loginPhones.slice(0, half)),
    loginWorker(plan.loginPhones.slice(half)),
    contentWorker(),
    contentWorker(),
    ...payers.map((payer, n) => paymentWorker(payer, n)),
    giftCardWorker(buyer!),
    tillWorker(ctx),
    limitProbe(ctx),
  ]);
  return acked;
}

/** What the workers share: the plan, the recorder, what was acknowledged, and the turn between instances. */
interface StormContext {
  plan: StormPlan;
  recorder: Recorder;
  acked: Acknowledged;
  run: Recorder['run'];
  /** The next instance's base URL, in turn. */
  base(): string;
  /** Whether the storm goes on (before the deadline, not stopped). */
  going(): boolean;
}

/** A till opening visits, accruing, spending and refunding its accruals, one operation after another. */
async function tillWorker({ plan, acked, run, base, going }: StormContext) {
  let visit: string | undefined;
  const accruals: string[] = [];
  for (let i = 0; going(); i++) {
    if (!visit) {
      visit = await run('till visit', () => openVisit(base(), plan.till));
      if (!visit) await sleep(500);
      continue;
    }
    const visitId = visit;
    let id: string | undefined;
    if (i % 3 === 0) id = await run('till accrue', () => accrue(base(), plan.till, visitId));
    else if (i % 3 === 1) id = await run('till spend', () => spend(base(), plan.till, visitId));
    else {
      const target = accruals.shift();
      if (
        target &&
        (await run('till refund', () => refundOperation(base(), plan.till, target).then(() => true)))
      ) {
        acked.tillOperations.set(target, 'refunded');
      }
    }
    if (id) {
      acked.tillOperations.set(id, 'completed');
      if (i % 3 === 0) accruals.push(id);
    }
  }
}

// Sends to fresh phones not on the fixed-code list, each to both instances at once: across the instances no
// phone may get two codes within the resend gap, and the address no more than its hourly allowance.
async function limitProbe({ plan, recorder, acked, base, going }: StormContext) {
  for (const phone of plan.probePhones) {
    if (!going()) break;
    await Promise.all(
      plan.bases.map((b) =>
        recorder.run('sms send (limit probe)', async () => {
          const answer = await call(b, 'POST', '/api/auth/phone', { json: { phone } });
          if (answer.status === 429) return;
          if (!ok(answer)) throw new StepFailed('send code', answer);
          acked.smsAccepted.set(phone, (acked.smsAccepted.get(phone) ?? 0) + 1);
        }),
      ),
    );
    const user = await call(base(), 'POST', '/api/loyalty/createUser', { json: {} });
    if (ok(user)) acked.temporaryUsers++;
    await sleep(300);
  }
}
