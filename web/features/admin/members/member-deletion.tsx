import { useState, type FormEvent } from 'react';
import { ruAdmin } from '#web/i18n/ru-admin';
import { adminApi } from '../api';
import { Field } from '../kit/field';
import { roubles } from './member-format';

const t = ruAdmin.members;

/**
 * Deleting a member's account for a request received elsewhere (docs/decisions/028): the same deletion the
 * customer can make in the cabinet, through the operator's endpoint, audited there. Two steps, because it
 * cannot be undone; the second step asks for the reason or the request's number, kept in the audit row
 * (decision 053), and only a role holding `members.delete` sees it.
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
        <form
          className="admin-inline-form"
          aria-label={t.deleteHeading}
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            event.preventDefault();
            const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
            run(async () => {
              const result = await adminApi().request('POST /api/operator/members/delete', {
                body: { phone, reason },
              });
              setConfirming(false);
              return t.deleted(
                roubles(result.bonusClosed),
                roubles(result.moneyClosed),
                result.sessionsEnded,
                result.savedCardsRemoved,
              );
            });
          }}
        >
          <Field label={t.deleteReason} name="reason" minLength={3} maxLength={300} required />
          <button className="admin-button admin-button--danger">{t.deleteConfirm}</button>
          <button type="button" className="admin-link" onClick={() => setConfirming(false)}>
            {t.deleteCancel}
          </button>
        </form>
      ) : (
        <button type="button" className="admin-link admin-link--danger" onClick={() => setConfirming(true)}>
          {t.deleteStart}
        </button>
      )}
    </section>
  );
}
