import { useState } from 'react';
import { ruAdmin } from '../../../i18n/ru-admin';
import { adminApi } from '../admin-api';

const t = ruAdmin.members;
const rub = (value: number) => value.toLocaleString('ru-RU', { maximumFractionDigits: 2 });

/**
 * Deleting a member's account for a request received elsewhere (docs/decisions/028): the same deletion the
 * customer can make in the cabinet, through the operator's endpoint, audited there. Two steps, because it
 * cannot be undone.
 */
export function MemberDeletion({
  phone,
  run,
}: {
  phone: string;
  run: (work: () => Promise<string>) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="admin-danger" aria-labelledby="member-delete-heading">
      <h3 id="member-delete-heading">{t.deleteHeading}</h3>
      <p>{t.deleteLead}</p>
      {confirming ? (
        <p className="admin-actions">
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={() =>
              run(async () => {
                const result = await adminApi().request('POST /api/operator/members/delete', {
                  body: { phone },
                });
                setConfirming(false);
                return t.deleted(
                  rub(result.bonusClosed),
                  rub(result.moneyClosed),
                  result.sessionsEnded,
                  result.savedCardsRemoved,
                );
              })
            }
          >
            {t.deleteConfirm}
          </button>
          <button type="button" className="admin-link" onClick={() => setConfirming(false)}>
            {t.deleteCancel}
          </button>
        </p>
      ) : (
        <button type="button" className="admin-link admin-link--danger" onClick={() => setConfirming(true)}>
          {t.deleteStart}
        </button>
      )}
    </section>
  );
}
