import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { BrandSettings } from '#common/contract/header';
import { ruAdminProgramme } from '#web/i18n/ru-admin-programme';
import { adminApi, adminErrorText } from '../api';
import { ActionStatus } from '../kit/action-status';
import { Field } from '../kit/field';
import { useAction } from '../kit/use-action';
import { CheckField } from './programme-fields';
import { fieldErrorsOf, parseNumber } from './programme-form';

const t = ruAdminProgramme.settings;
export const SETTINGS_KEY = ['admin', 'settings'] as const;

const EVENT_BONUSES = [
  'welcomeBonus',
  'birthdayBonus',
  'referralBonus',
  'referralFriendBonus',
  'referralMinPurchase',
  'referralMaxFriends',
] as const;
type Texts = Record<
  (typeof EVENT_BONUSES)[number] | 'baseEarnPercent' | 'expiryDays' | 'warnDays' | 'pendingDays' | 'lateDays',
  string
>;
interface LevelRow {
  key: number;
  title: string;
  fromSpend: string;
  earnPercent: string;
}

/** The settings' paths this form shows an error beside. */
const SHOWN =
  /^(baseEarnPercent|welcomeBonus|birthdayBonus|referralBonus|referralFriendBonus|referralMinPurchase|referralMaxFriends|bonusExpiryDays|bonusExpiryWarnDays|bonusPendingDays|lateAccrualDays|levels)(\.|$)/;

let nextKey = 0;
const rowOf = (l: { title: string; fromSpend: number; earnPercent: number }): LevelRow => ({
  key: nextKey++,
  title: l.title,
  fromSpend: String(l.fromSpend),
  earnPercent: String(l.earnPercent),
});
/** A typed number, or the text itself, so the server's schema names what is wrong with it. */
const numberOr = (text: string) => {
  const n = parseNumber(text);
  return Number.isNaN(n) ? text : n;
};

/**
 * The earn-related brand settings (welcome, birthday and referral bonuses, expiry, pending and late receipts,
 * levels). Saving reads the
 * settings afresh and replaces only these fields (PUT /api/operator/settings takes the whole document), so the
 * brand's other settings stay as they are.
 */
export function ProgrammeSettings({ settings, canWrite }: { settings: BrandSettings; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<Texts>({
    baseEarnPercent: String(settings.baseEarnPercent),
    welcomeBonus: String(settings.welcomeBonus),
    birthdayBonus: String(settings.birthdayBonus),
    referralBonus: String(settings.referralBonus),
    referralFriendBonus: String(settings.referralFriendBonus),
    referralMinPurchase: String(settings.referralMinPurchase),
    referralMaxFriends: String(settings.referralMaxFriends),
    expiryDays: String(settings.bonusExpiryDays ?? 365),
    warnDays: String(settings.bonusExpiryWarnDays),
    pendingDays: String(settings.bonusPendingDays),
    lateDays: String(settings.lateAccrualDays),
  });
  const [expires, setExpires] = useState(settings.bonusExpiryDays !== null);
  const [levels, setLevels] = useState<LevelRow[]>(() => settings.levels.map(rowOf));
  const text = (key: keyof Texts) => ({
    value: texts[key],
    onChange: (e: { currentTarget: HTMLInputElement }) =>
      setTexts({ ...texts, [key]: e.currentTarget.value }),
    inputMode: 'numeric' as const,
    disabled: !canWrite,
  });

  const action = useAction({
    run: async () => {
      const current = await adminApi().request('GET /api/operator/settings');
      const body = {
        ...current,
        baseEarnPercent: numberOr(texts.baseEarnPercent),
        ...Object.fromEntries(EVENT_BONUSES.map((k) => [k, numberOr(texts[k])])),
        bonusExpiryDays: expires ? numberOr(texts.expiryDays) : null,
        bonusExpiryWarnDays: numberOr(texts.warnDays),
        bonusPendingDays: numberOr(texts.pendingDays),
        lateAccrualDays: numberOr(texts.lateDays),
        levels: levels.map((l) => ({
          title: l.title,
          fromSpend: numberOr(l.fromSpend),
          earnPercent: numberOr(l.earnPercent),
        })),
      } as BrandSettings;
      // The screen's other parts (the preview's time zone) read the settings too.
      queryClient.setQueryData(
        SETTINGS_KEY,
        await adminApi().request('PUT /api/operator/settings', { body }),
      );
    },
    done: () => t.saved,
    errorText: (failure) => {
      const fields = fieldErrorsOf(failure);
      // Fields this form shows are marked in place; anything else (another setting) is said in full.
      const shown = fields && Object.keys(fields).every((k) => SHOWN.test(k));
      return shown ? ruAdminProgramme.form.invalid : adminErrorText(failure);
    },
  });
  const errors = fieldErrorsOf(action.failure) ?? {};
  const save = (event: FormEvent) => {
    event.preventDefault();
    action.run();
  };

  return (
    <section aria-labelledby="programme-settings">
      <h2 id="programme-settings">{t.heading}</h2>
      <p className="admin-muted">{t.lead}</p>
      <form aria-label={t.heading} onSubmit={save} noValidate>
        <div className="admin-grid">
          <Field
            label={t.baseEarnPercent}
            hint={t.baseEarnHint}
            error={errors.baseEarnPercent}
            {...text('baseEarnPercent')}
          />
        </div>
        <div className="admin-grid">
          {EVENT_BONUSES.map((key) => (
            <Field key={key} label={t[key]} error={errors[key]} {...text(key)} />
          ))}
        </div>
        <div className="admin-grid">
          <CheckField label={t.expiryOn} checked={expires} onChange={setExpires} disabled={!canWrite} />
          {expires && <Field label={t.expiryDays} error={errors.bonusExpiryDays} {...text('expiryDays')} />}
          <Field label={t.warnDays} error={errors.bonusExpiryWarnDays} {...text('warnDays')} />
          <Field label={t.pendingDays} error={errors.bonusPendingDays} {...text('pendingDays')} />
          <Field
            label={t.lateDays}
            hint={t.lateDaysHint}
            error={errors.lateAccrualDays}
            {...text('lateDays')}
          />
        </div>
        <LevelsFieldset levels={levels} setLevels={setLevels} errors={errors} canWrite={canWrite} />
        <ActionStatus action={action} />
        {canWrite && <button className="admin-button">{t.save}</button>}
      </form>
    </section>
  );
}

/** The levels: each a title, the 12-month spend it starts from and its earn percent; up to ten. */
function LevelsFieldset({
  levels,
  setLevels,
  errors,
  canWrite,
}: {
  levels: LevelRow[];
  setLevels: (levels: LevelRow[]) => void;
  errors: Record<string, string>;
  canWrite: boolean;
}) {
  const setLevel = (key: number, change: Partial<LevelRow>) =>
    setLevels(levels.map((l) => (l.key === key ? { ...l, ...change } : l)));
  return (
    <fieldset
      className="admin-fieldset"
      aria-describedby={errors.levels ? 'levels-lead levels-error' : 'levels-lead'}
    >
      <legend>{t.levels}</legend>
      <p id="levels-lead" className="admin-muted">
        {t.levelsLead}
      </p>
      {levels.length === 0 && <p>{t.noLevels}</p>}
      {levels.map((level, i) => {
        const at = (field: string) => errors[`levels.${i}.${field}`];
        return (
          <div className="admin-level" key={level.key} data-testid={`level-${i + 1}`}>
            <Field
              label={t.levelTitle(i + 1)}
              value={level.title}
              onChange={(e) => setLevel(level.key, { title: e.currentTarget.value })}
              error={at('title')}
              maxLength={40}
              disabled={!canWrite}
            />
            <Field
              label={t.levelFrom(i + 1)}
              value={level.fromSpend}
              onChange={(e) => setLevel(level.key, { fromSpend: e.currentTarget.value })}
              error={at('fromSpend')}
              inputMode="numeric"
              disabled={!canWrite}
            />
            <Field
              label={t.levelPercent(i + 1)}
              value={level.earnPercent}
              onChange={(e) => setLevel(level.key, { earnPercent: e.currentTarget.value })}
              error={at('earnPercent')}
              inputMode="numeric"
              disabled={!canWrite}
            />
            {canWrite && (
              <button
                type="button"
                className="admin-link"
                onClick={() => setLevels(levels.filter((l) => l.key !== level.key))}
              >
                {t.removeLevel(i + 1)}
              </button>
            )}
          </div>
        );
      })}
      {errors.levels && (
        <p id="levels-error" className="admin-error">
          {errors.levels}
        </p>
      )}
      {canWrite && levels.length < 10 && (
        <button
          type="button"
          className="admin-button admin-button-quiet"
          onClick={() => {
            const last = levels.at(-1);
            const from = last ? parseNumber(last.fromSpend) + 10_000 : 0;
            setLevels([
              ...levels,
              rowOf({ title: '', fromSpend: Number.isNaN(from) ? 0 : from, earnPercent: 0 }),
            ]);
          }}
        >
          {t.addLevel}
        </button>
      )}
    </fieldset>
  );
}
