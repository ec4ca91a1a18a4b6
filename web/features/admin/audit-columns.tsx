import type { AuditEntry } from '#common/contract/admin';
import { ruAdmin } from '#web/i18n/ru-admin';
import { ruAdminAudit as ra } from '#web/i18n/ru-admin-audit';
import { changedFields } from './audit-changes';
import type { Column } from './kit/data-table';

const t = ruAdmin.audit;

/** The log's columns; times in the brand's zone, an entity's long id cut short (whole in its tooltip). */
export const auditColumns = (dateTime: (iso: string) => string): Column<AuditEntry>[] => [
  { header: t.columns.at, cell: (e) => dateTime(e.at) },
  { header: t.columns.actor, cell: (e) => (e.actorKind === 'system' ? ra.system : e.actor) },
  { header: t.columns.action, cell: (e) => <span title={e.action}>{ra.actions[e.action] ?? e.action}</span> },
  {
    header: t.columns.entity,
    cell: (e) => (
      <>
        {ra.entities[e.entity] ?? e.entity}
        {e.entityId && (
          <div className="admin-muted" title={e.entityId}>
            {e.entityId.length > 12 ? `${e.entityId.slice(0, 8)}…` : e.entityId}
          </div>
        )}
      </>
    ),
  },
  {
    header: t.columns.change,
    className: 'admin-change',
    cell: (e) => <AuditChange before={e.before} after={e.after} />,
  },
  { header: t.columns.ip, cell: (e) => e.ip },
];

/** Only the fields that changed (decision 053): a settings change was two whole JSON documents. */
function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const rows = changedFields(before, after);
  if (rows.length === 0) return before != null || after != null ? <span>{ra.noChange}</span> : null;
  return (
    <ul className="admin-diff">
      {rows.map((r) => (
        <li key={r.field}>
          <b>{r.field}</b>: {r.before !== undefined && <del>{r.before}</del>}
          {r.before !== undefined && r.after !== undefined && ' → '}
          {r.after !== undefined && <ins>{r.after}</ins>}
        </li>
      ))}
    </ul>
  );
}
