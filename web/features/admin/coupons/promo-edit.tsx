import type { FormEvent } from 'react';
import type { Promo, PromoChange } from '#common/contract/coupons';
import { ruAdminCoupons } from '#web/i18n/ru-admin-coupons';
import { adminApi } from '../api';
import { isoDayToRu, RU_DAY_FIELD } from '../dates';
import { ActionStatus } from '../kit/action-status';
import { Field } from '../kit/field';
import { useAction } from '../kit/use-action';
import { create, dayOf, numberOrNull, text } from './promo-form';

const t = ruAdminCoupons.edit;
const limitText = (limit: number | null) => (limit === null ? '' : String(limit));

/** The promo as it is now, with what the form or the button changes. */
const changeOf = (promo: Promo, over: Partial<PromoChange>): PromoChange => ({
  title: promo.title,
  startsOn: promo.startsOn,
  endsOn: promo.endsOn,
  perMemberLimit: promo.perMemberLimit,
  totalLimit: promo.totalLimit,
  paused: promo.paused,
  ...over,
});

/**
 * A promo changed once its codes are out (decision 064): its name, days and limits, and a pause that makes the
 * tills refuse its codes until it is resumed. Its effect is not here: codes handed out promise it.
 */
export function PromoEdit({ promo, listKey }: { promo: Promo; listKey: readonly unknown[] }) {
  const save = (change: PromoChange) =>
    adminApi().request('PUT /api/operator/promos/:promoId', { params: { promoId: promo.id }, body: change });
  const edit = useAction<HTMLFormElement>({
    run: async (form) => {
      const data = new FormData(form);
      await save(
        changeOf(promo, {
          title: text(data, 'title'),
          startsOn: dayOf(text(data, 'startsOn')),
          endsOn: dayOf(text(data, 'endsOn')),
          perMemberLimit: numberOrNull(text(data, 'perMemberLimit')),
          totalLimit: numberOrNull(text(data, 'totalLimit')),
        }),
      );
    },
    done: () => t.saved,
    invalidate: [listKey],
  });
  const pause = useAction<boolean, boolean>({
    run: async (paused) => {
      await save(changeOf(promo, { paused }));
      return paused;
    },
    done: (paused) => (paused ? t.paused : t.resumed),
    invalidate: [listKey],
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    edit.run(event.currentTarget);
  };
  return (
    <form className="coupons-panel" onSubmit={submit} aria-label={t.heading(promo.title)}>
      <h2>{t.heading(promo.title)}</h2>
      <p className="admin-muted">{t.hint}</p>
      <div className="coupons-grid">
        <Field label={create.title} name="title" required maxLength={120} defaultValue={promo.title} />
        <Field
          label={create.startsOn}
          name="startsOn"
          {...RU_DAY_FIELD}
          defaultValue={promo.startsOn ? isoDayToRu(promo.startsOn) : ''}
        />
        <Field
          label={create.endsOn}
          name="endsOn"
          {...RU_DAY_FIELD}
          defaultValue={promo.endsOn ? isoDayToRu(promo.endsOn) : ''}
        />
        <Field
          label={create.perMember}
          name="perMemberLimit"
          hint={create.limitHint}
          inputMode="numeric"
          defaultValue={limitText(promo.perMemberLimit)}
        />
        <Field
          label={create.total}
          name="totalLimit"
          hint={create.limitHint}
          inputMode="numeric"
          defaultValue={limitText(promo.totalLimit)}
        />
      </div>
      <p className="admin-checks">
        <button className="admin-button" disabled={edit.pending}>
          {t.save}
        </button>
        <button
          type="button"
          className="admin-button admin-button-quiet"
          disabled={pause.pending}
          onClick={() => pause.run(!promo.paused)}
        >
          {promo.paused ? t.resume : t.pause}
        </button>
      </p>
      <ActionStatus action={edit} />
      <ActionStatus action={pause} />
    </form>
  );
}
