import { ruAdminProgramme } from '#web/i18n/ru-admin-programme';
import { Field } from '../kit/field';
import type { GoodsForm } from './campaign-goods-form';

const t = ruAdminProgramme.form.goods;

/**
 * A campaign's conditions on goods (decision 062): which goods it rewards, which never, and what the basket must
 * hold. Empty: the whole cheque, as before. The server checks the codes and names a category it does not know.
 */
export function CampaignGoodsFields({
  goods,
  errors,
  onChange,
}: {
  goods: GoodsForm;
  errors: Record<string, string>;
  onChange: (goods: GoodsForm) => void;
}) {
  const field = (key: keyof GoodsForm, extra: { inputMode?: 'decimal'; hint?: string } = {}) => (
    <Field
      label={t[key]}
      value={goods[key]}
      onChange={(e) => onChange({ ...goods, [key]: e.currentTarget.value })}
      error={
        errors[`goods.${key}`] ?? Object.entries(errors).find(([k]) => k.startsWith(`goods.${key}.`))?.[1]
      }
      maxLength={extra.inputMode ? 20 : 4000}
      {...extra}
    />
  );
  return (
    <fieldset className="admin-fieldset">
      <legend>{t.legend}</legend>
      <p className="admin-muted">{t.hint}</p>
      <div className="admin-grid">
        {field('categories', { hint: t.codesHint })}
        {field('skus')}
        {field('excludeCategories')}
        {field('excludeSkus')}
        {field('minQuantity', { inputMode: 'decimal' })}
        {field('minSum', { inputMode: 'decimal' })}
      </div>
    </fieldset>
  );
}
