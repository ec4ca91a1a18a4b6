import { useState } from 'react';
import type { Certificate } from '#common/contract/cabinet';
import { ru } from '#web/i18n/ru';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { formatRoubles } from '#common/lib/format';
import { useFormatDate } from '#web/lib/use-format-date';
import { EmptyState } from '#web/ui/empty-state';
import { useActivateCertificate, useCertificates } from './api';
import { serverFailure } from './profile-form';

/** The certificates issued to the phone; activating one credits its value to the account once. */
export function CertificatesList({ phone }: { phone: string }) {
  const formatDate = useFormatDate();
  const certificates = useCertificates(phone);
  const activate = useActivateCertificate(phone);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const list = certificates.data?.certificates ?? [];

  const handleActivate = (certificate: Certificate) => {
    setNotice(null);
    activate.mutate(certificate._id, {
      onSuccess: () => setNotice({ ok: true, text: ruCabinet.activated }),
      onError: (error) => setNotice({ ok: false, text: serverFailure(error).message }),
    });
  };

  return (
    <section className="cabinet-section" aria-labelledby="certificates-title">
      <h2 className="cabinet-section__title" id="certificates-title">
        {ruCabinet.certificatesTitle}
      </h2>
      {certificates.isPending && <p className="loader-text">{ru.shell.loading}</p>}
      {certificates.isError && (
        <p className="form-error" role="alert">
          {ruCabinet.failed}
        </p>
      )}
      {certificates.isSuccess && list.length === 0 && <EmptyState title={ruCabinet.certificatesEmpty} />}
      <p className={notice?.ok ? 'form-success' : 'form-error'} role="status">
        {notice?.text}
      </p>
      <ul className="certificates">
        {list.map((certificate) => (
          <li key={certificate._id} className="certificate">
            <div>
              <p className="certificate__title">{certificate.title}</p>
              <p className="certificate__nominal">{formatRoubles(certificate.nominal)}</p>
              <p className="operation__meta">
                {certificate.activated && certificate.activatedAt
                  ? ruCabinet.certificateActivated(formatDate(certificate.activatedAt))
                  : certificate.validTo && ruCabinet.certificateValidTo(formatDate(certificate.validTo))}
              </p>
            </div>
            {!certificate.activated && (
              <button
                type="button"
                className="button"
                disabled={activate.isPending}
                aria-busy={activate.isPending && activate.variables === certificate._id}
                onClick={() => handleActivate(certificate)}
              >
                {ruCabinet.activate}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
