import type { Campaign } from '#common/contract/programme';
import { ruAdminProgramme } from '#web/i18n/ru-admin-programme';
import type { PointOption } from './admin-campaign-form';
import { TableScroll } from '../field';
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

function pointsText(c: Campaign, points: PointOption[]) {
  if (!c.pointIds.length) return t.allPoints;
  if (c.pointIds.length > 2) return t.pointsCount(c.pointIds.length);
  return c.pointIds.map((id) => points.find((p) => p.id === id)?.title ?? `№ ${id}`).join('; ');
}

/**
 * The campaigns by the brand's calendar day: running now, coming, over. Holders of `campaigns.write` edit and
 * delete (a delete asks once more, in place).
 */
export function CampaignList({
  campaigns,
  today,
  points,
  canWrite,
  confirming,
  onEdit,
  onAskDelete,
  onDelete,
}: {
  campaigns: Campaign[];
  today: string;
  points: PointOption[];
  canWrite: boolean;
  confirming: string | null;
  onEdit: (c: Campaign) => void;
  onAskDelete: (id: string | null) => void;
  onDelete: (c: Campaign) => void;
}) {
  return (
    <>
      {GROUPS.map((group) => {
        const rows = campaigns.filter((c) => campaignGroup(c, today) === group);
        return (
          <section key={group} aria-labelledby={`campaigns-${group}`}>
            <h3 id={`campaigns-${group}`}>{t.groups[group]}</h3>
            {rows.length === 0 ? (
              <p className="admin-muted">{t.emptyGroup}</p>
            ) : (
              <TableScroll label={`${t.heading}: ${t.groups[group].toLowerCase()}`}>
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">{t.columns.title}</th>
                      <th scope="col">{t.columns.period}</th>
                      <th scope="col">{t.columns.points}</th>
                      <th scope="col">{t.columns.effect}</th>
                      {canWrite && <th scope="col">{t.columns.actions}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((c) => (
                      <tr key={c.id} data-testid={`campaign-${c.id}`}>
                        <td>
                          {c.title}
                          {!c.active && <small className="admin-muted"> ({t.off})</small>}
                        </td>
                        <td>
                          {whenText(c).map((line) => (
                            <div key={line}>{line}</div>
                          ))}
                        </td>
                        <td>{pointsText(c, points)}</td>
                        <td>
                          <div>{effectText(c)}</div>
                          <div className="admin-muted">
                            {[
                              c.minCheque > 0 && t.fromCheque(num(c.minCheque)),
                              t.priorityOf(c.priority),
                              c.stacks && t.stacking,
                            ]
                              .filter(Boolean)
                              .join(', ')}
                          </div>
                        </td>
                        {canWrite && (
                          <td>
                            {confirming === c.id ? (
                              <div
                                className="admin-actions"
                                role="group"
                                aria-label={t.confirmRemove(c.title)}
                              >
                                <span>{t.confirmRemove(c.title)}</span>
                                <button
                                  type="button"
                                  className="admin-link admin-link--danger"
                                  onClick={() => onDelete(c)}
                                >
                                  {t.remove}
                                </button>
                                <button
                                  type="button"
                                  className="admin-link"
                                  onClick={() => onAskDelete(null)}
                                >
                                  {ruAdminProgramme.form.cancel}
                                </button>
                              </div>
                            ) : (
                              <div className="admin-actions">
                                <button type="button" className="admin-link" onClick={() => onEdit(c)}>
                                  {t.edit}
                                </button>
                                <button
                                  type="button"
                                  className="admin-link"
                                  onClick={() => onAskDelete(c.id)}
                                >
                                  {t.remove}
                                </button>
                              </div>
                            )}
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </section>
        );
      })}
    </>
  );
}
