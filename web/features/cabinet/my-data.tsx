import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from '#web/lib/router/hooks';
import type { UserInfo } from '#common/contract/cabinet';
import { formatBonuses, formatRoubles } from '#common/lib/format';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { hasCode } from '#web/lib/api-errors';
import { clearTokens } from '#web/lib/auth-tokens';
import { forgetOfflineCard } from '#web/lib/offline-card';
import { forgetUser } from '#web/lib/session';
import { useShell } from '#web/ui/shell-state';
import { downloadFile, useDeleteAccount, useExportMyData } from './my-data-api';
import { SmsStepUp } from './sms-step-up';

const t = ruCabinet;

/** 'Мои данные' in the profile tab (152-ФЗ; docs/decisions/028): the copy as JSON and CSV, and the deletion. */
export function MyData({ info }: { info: UserInfo }) {
  const titleId = useId();
  const exporter = useExportMyData();
  const [notice, setNotice] = useState<string | null>(null);
  const download = (what: 'json' | 'csv') => {
    setNotice(null);
    exporter.mutate(undefined, {
      onSuccess: ({ data, operationsCsv }) => {
        const day = data.exportedAt.slice(0, 10);
        if (what === 'json')
          downloadFile(`my-data-${day}.json`, JSON.stringify(data, null, 2), 'application/json');
        else downloadFile(`operations-${day}.csv`, operationsCsv, 'text/csv;charset=utf-8');
        setNotice(t.myDataReady);
      },
      onError: () => setNotice(t.failed),
    });
  };
  return (
    <section className="cabinet-section" aria-labelledby={titleId}>
      <h2 className="cabinet-section__title" id={titleId}>
        {t.myDataTitle}
      </h2>
      <p className="cabinet-form__lead">{t.myDataText}</p>
      <div className="loyalty-actions">
        <button
          type="button"
          className="button"
          disabled={exporter.isPending}
          onClick={() => download('json')}
        >
          {t.myDataDownload}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={exporter.isPending}
          onClick={() => download('csv')}
        >
          {t.myDataCsv}
        </button>
      </div>
      <p className="form-success" role="status">
        {notice}
      </p>
      <DeleteAccount info={info} />
    </section>
  );
}

type Step = 'idle' | 'warning' | 'code';

function DeleteAccount({ info }: { info: UserInfo }) {
  const titleId = useId();
  const [step, setStep] = useState<Step>('idle');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { notify } = useShell();
  const balance = info.cards[0]?.balance ?? { balance: 0, amount: 0 };

  const deleteNow = () =>
    remove.mutate(undefined, {
      onSuccess: async () => {
        clearTokens();
        forgetUser(queryClient);
        await forgetOfflineCard();
        notify({ message: t.deleted });
        void navigate('/', { replace: true });
      },
      onError: (failure) => {
        if (hasCode(failure, 'SMS_CONFIRMATION_REQUIRED')) return setStep('code');
        setStep('idle');
        setError(hasCode(failure, 'ACCOUNT_BUSY') ? t.deleteBusy : t.failed);
      },
    });

  return (
    <div className="account-deletion" role="group" aria-labelledby={titleId}>
      <h3 className="cabinet-form__title" id={titleId}>
        {t.deleteTitle}
      </h3>
      {step === 'idle' && (
        <button
          type="button"
          className="button button--ghost button--danger"
          onClick={() => {
            setError(null);
            setStep('warning');
          }}
        >
          {t.deleteStart}
        </button>
      )}
      {step === 'warning' && (
        <>
          <p className="account-deletion__warning">
            {t.deleteWarning(formatBonuses(balance.balance), formatRoubles(balance.amount))}
          </p>
          <div className="loyalty-actions">
            <button type="button" className="button button--danger" onClick={() => setStep('code')}>
              {t.deleteContinue}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setStep('idle')}>
              {t.deleteCancel}
            </button>
          </div>
        </>
      )}
      {step === 'code' && (
        <SmsStepUp
          phone={info.phone}
          text={t.deleteCodeText}
          onConfirmed={deleteNow}
          onCancel={() => setStep('idle')}
        />
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
