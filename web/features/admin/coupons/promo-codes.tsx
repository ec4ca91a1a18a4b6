import { useState, type FormEvent } from 'react';
import type { Promo } from '#common/contract/coupons';
import { ruAdminCoupons } from '#web/i18n/ru-admin-coupons';
import { Link } from '#web/lib/router/links';
import { adminApi } from '../api';
import { ActionStatus } from '../kit/action-status';
import { Can } from '../kit/can';
import { Field } from '../kit/field';
import { useAction } from '../kit/use-action';

const t = ruAdminCoupons.codes;

/** The promo's codes as CSV for Excel, saved by the browser. */
async function downloadCsv(promoId: string) {
  const { csv, fileName } = await adminApi().request('GET /api/operator/promos/:promoId/codes/csv', {
    params: { promoId },
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** A typed phone as the API takes it: its digits, a leading 8 read as 7. */
const phoneOf = (typed: string) => typed.replace(/\D/g, '').replace(/^8(?=\d{10}$)/, '7');

/** One promo's codes: generate one-use codes, issue a personal coupon, download them all as CSV. */
export function PromoCodes({ promo, listKey }: { promo: Promo; listKey: readonly unknown[] }) {
  const [message, setMessage] = useState('');
  const action = useAction<() => Promise<string>, string>({
    run: (work) => work(),
    done: (text) => text,
    invalidate: [listKey],
  });
  const download = useAction({ run: () => downloadCsv(promo.id) });
  const params = { promoId: promo.id };
  const generate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const count = Number(new FormData(event.currentTarget).get('count'));
    action.run(async () => {
      const made = await adminApi().request('POST /api/operator/promos/:promoId/codes', {
        params,
        body: { count },
      });
      return t.generated(made.generated, made.codes);
    });
  };
  const issue = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const phone = phoneOf(String(new FormData(form).get('phone') ?? ''));
    action.run(async () => {
      const issued = await adminApi().request('POST /api/operator/promos/:promoId/personal', {
        params,
        body: { phone },
      });
      form.reset();
      setMessage(issued.code);
      return t.issued(issued.code);
    });
  };
  return (
    <section className="coupons-panel" aria-label={t.heading(promo.title)}>
      <h2>{t.heading(promo.title)}</h2>
      {promo.kind === 'SHARED' && <p>{t.shared(promo.code)}</p>}
      <Can permission="campaigns.write">
        {promo.kind === 'UNIQUE' && (
          <form className="admin-inline-form" onSubmit={generate}>
            <Field
              label={t.count}
              name="count"
              required
              inputMode="numeric"
              pattern="\d{1,6}"
              defaultValue="1000"
            />
            <button className="admin-button" disabled={action.pending}>
              {t.generate}
            </button>
          </form>
        )}
        {promo.kind === 'PERSONAL' && (
          <form className="admin-inline-form" onSubmit={issue}>
            <Field label={t.phone} name="phone" hint={t.phoneHint} required inputMode="tel" />
            <button className="admin-button" disabled={action.pending}>
              {t.issue}
            </button>
          </form>
        )}
      </Can>
      <ActionStatus action={action} />
      {message && (
        <code hidden data-testid="issued-coupon">
          {message}
        </code>
      )}
      <button type="button" className="admin-button" onClick={() => download.run()}>
        {t.csv}
      </button>{' '}
      {promo.kind !== 'PERSONAL' && <Link to={`/admin/coupons/${promo.id}/print`}>{t.print}</Link>}
      <ActionStatus action={download} />
    </section>
  );
}
