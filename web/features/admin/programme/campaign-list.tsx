import type { Campaign } from '#common/contract/programme';
import { ruAdminProgramme } from '#web/i18n/ru-admin-programme';
import type { PointOption } from './campaign-form';
import { DataTable, type Column } from '../kit/data-table';
import { campaignGroup, type CampaignGroup } from './programme-form';

const t = ruAdminProgramme.campaigns;
const days = ruAdminProgramme.form.weekdayNames;
const GROUPS: CampaignGroup[] = ['active', 'upcoming', 'past'];
const num = (v: number) => v.toLocaleString('ru-RU');
const date = (iso: string) => iso.split('-').reverse().join('.');

function effectText(c: Campaign) {
  const e = c.effect;
  if (e.kind === 'MULTIPLIER') return t.effects.MULTIPLIER(num(e.factor));
  if (e.kind === 'EXTRA_PERCENT') return t.effects.EXTRA_PERCENT(num(e.percent));
  return t.effects.FIXED(num(e.bonuses));
}

function whenText(c: Campaign) {
  const weekdays = c.weekdays.length ? c.weekdays.map((d) => days[d - 1]).join(', ') : t.everyDay;
  const hours = c.hours ? `${c.hours.from}–${c.hours.to}` : t.allDay;
  return [t.period(date(c.startsOn), c.endsOn && date(c.endsOn)), weekdays, hours];
}

/** 'Товары: категории BAKERY, кроме артикулов 42, от 2 шт. или кг' (decision 062); null for the whole cheque. */
function goodsText(c: Campaign) {
  const g = c.goods;
  if (!g) return null;
  const lists = (['categories', 'skus', 'excludeCategories', 'excludeSkus'] as const).flatMap((key) =>
    g[key].length ? [t.goods[key](g[key].join(', '))] : [],
  );
  const basket = [
    g.minQuantity > 0 && t.goods.minQuantity(num(g.minQuantity)),
    g.minSum > 0 && t.goods.minSum(num(g.minSum)),
  ].filter((part): part is string => Boolean(part));
  return `${t.goods.label}: ${[...lists, ...basket].join('; ')}`;
}

function pointsText(c: Campaign, points: PointOption[]) {
  if (!c.pointIds.length) return t.allPoints;
  if (c.pointIds.length > 2) return t.pointsCount(c.pointIds.length);
  return c.pointIds.map((id) => points.find((p) => p.id === id)?.title ?? `№ ${id}`).join('; ');
}

interface ListProps {
  campaigns: Campaign[];
  today: string;
  points: PointOption[];
  canWrite: boolean;
  confirming: string | null;
  onEdit: (c: Campaign) => void;
  onAskDelete: (id: string | null) => void;
  onDelete: (c: Campaign) => void;
}

/**
 * The campaigns by the brand's calendar day: running now, coming, over. Holders of `campaigns.write` edit and
 * delete (a delete asks once more, in place).
 */
export function CampaignList(props: ListProps) {
  const columns = campaignColumns(props);
  return (
    <>
      {GROUPS.map((group) => (
        <section key={group} aria-labelledby={`campaigns-${group}`}>
          <h3 id={`campaigns-${group}`}>{t.groups[group]}</h3>
          <DataTable
            label={`${t.heading}: ${t.groups[group].toLowerCase()}`}
            columns={columns}
            rows={props.campaigns.filter((c) => campaignGroup(c, props.today) === group)}
            rowKey={(c) => c.id}
            rowProps={(c) => ({ 'data-testid': `campaign-${c.id}` })}
            empty={<span className="admin-muted">{t.emptyGroup}</span>}
          />
        </section>
      ))}
    </>
  );
}

function campaignColumns({ points, canWrite, ...buttons }: ListProps): Column<Campaign>[] {
  const columns: Column<Campaign>[] = [
    {
      header: t.columns.title,
      cell: (c) => (
        <>
          {c.title}
          {!c.active && <small className="admin-muted"> ({t.off})</small>}
        </>
      ),
    },
    { header: t.columns.period, cell: (c) => whenText(c).map((line) => <div key={line}>{line}</div>) },
    { header: t.columns.points, cell: (c) => pointsText(c, points) },
    {
      header: t.columns.effect,
      cell: (c) => (
        <>
          <div>{effectText(c)}</div>
          {c.goods && <div>{goodsText(c)}</div>}
          <div className="admin-muted">
            {[
              c.minCheque > 0 && t.fromCheque(num(c.minCheque)),
              t.priorityOf(c.priority),
              c.stacks && t.stacking,
            ]
              .filter(Boolean)
              .join(', ')}
          </div>
        </>
      ),
    },
  ];
  if (!canWrite) return columns;
  return [
    ...columns,
    { header: t.columns.actions, cell: (c) => <CampaignButtons campaign={c} {...buttons} /> },
  ];
}

function CampaignButtons({
  campaign: c,
  confirming,
  onEdit,
  onAskDelete,
  onDelete,
}: Pick<ListProps, 'confirming' | 'onEdit' | 'onAskDelete' | 'onDelete'> & { campaign: Campaign }) {
  if (confirming === c.id) {
    return (
      <div className="admin-actions" role="group" aria-label={t.confirmRemove(c.title)}>
        <span>{t.confirmRemove(c.title)}</span>
        <button type="button" className="admin-link admin-link--danger" onClick={() => onDelete(c)}>
          {t.remove}
        </button>
        <button type="button" className="admin-link" onClick={() => onAskDelete(null)}>
          {ruAdminProgramme.form.cancel}
        </button>
      </div>
    );
  }
  return (
    <div className="admin-actions">
      <button type="button" className="admin-link" onClick={() => onEdit(c)}>
        {t.edit}
      </button>
      <button type="button" className="admin-link" onClick={() => onAskDelete(c.id)}>
        {t.remove}
      </button>
    </div>
  );
}
