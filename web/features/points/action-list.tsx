import type { Action } from '#common/contract/content';
import { ru } from '#web/i18n/ru';
import { useFormatDate } from '#web/lib/use-format-date';

/** The actions valid at one point. */
export function ActionList({ actions, full = false }: { actions: Action[]; full?: boolean }) {
  const formatDate = useFormatDate();
  if (actions.length === 0) return full ? <p className="page__lead">{ru.points.noActions}</p> : null;
  return (
    <ul className="action-list" aria-label={ru.points.actions}>
      {actions.map((a) => (
        <li key={a.id} className="action-list__item">
          <span className="action-list__title">{a.title}</span>
          {a.validTo && (
            <span className="action-list__until"> {ru.points.validTo(formatDate(a.validTo))}</span>
          )}
          {full && <p className="action-list__text">{a.description}</p>}
        </li>
      ))}
    </ul>
  );
}
