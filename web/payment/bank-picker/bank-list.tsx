import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type MouseEvent } from 'react';
import type { SbpBank } from '#common/contract/sbp';
import { ruBankPicker } from '#web/i18n/ru-bank-picker';
import { useApi } from '#web/lib/api-context';
import { isEmbedded } from '#web/lib/embedding';
import { sbpBanksQuery } from './sbp-banks-query';
import { BankBadge } from './bank-badge';
import { filterBanks } from './bank-filter';
import { bankAppLink, type BankPlatform } from './bank-links';
import { readRememberedBanks, rememberBank } from './remembered-banks';

interface BankListProps {
  paymentLink: string;
  platform: Exclude<BankPlatform, 'desktop'>;
  onBankChosen?(bank: SbpBank, appLink: string): void;
}

/** Search, the banks chosen before and all banks; each bank is a link straight into its app. */
export function BankList({ paymentLink, platform, onBankChosen }: BankListProps) {
  const api = useApi();
  const banks = useQuery(sbpBanksQuery(api));
  const [query, setQuery] = useState('');
  const recentId = useId();
  const allId = useId();
  // Read when the sheet opens: a bank chosen now shows up under 'ВЫ ВЫБИРАЛИ' the next time, not mid-tap.
  const [remembered] = useState(readRememberedBanks);

  const { recent, all } = useMemo(() => {
    const found = filterBanks(banks.data?.dictionary ?? [], query);
    const byName = new Map(found.map((bank) => [bank.bankName, bank]));
    return {
      recent: remembered.flatMap((name) => byName.get(name) ?? []),
      all: found,
    };
  }, [banks.data, query, remembered]);

  const choose = (event: MouseEvent<HTMLAnchorElement>, bank: SbpBank, link: string) => {
    rememberBank(bank.bankName);
    // Inside a partner's frame the app link must leave the frame, and only a tap may open a window.
    if (isEmbedded()) {
      event.preventDefault();
      window.open(link, '_blank', 'noopener');
    }
    onBankChosen?.(bank, link);
  };

  const renderBanks = (list: SbpBank[]) => (
    <ul className="bank-list">
      {list.map((bank) => {
        const link = bankAppLink(paymentLink, bank, platform);
        return (
          <li key={bank.schema}>
            <a className="bank-list__item" href={link} onClick={(event) => choose(event, bank, link)}>
              <BankBadge name={bank.bankName} />
              <span className="bank-list__name">{bank.bankName}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );

  return (
    <>
      <input
        className="field__input bank-sheet__search"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={ruBankPicker.search}
        aria-label={ruBankPicker.search}
        autoComplete="off"
        enterKeyHint="search"
      />
      <div className="bank-sheet__scroll">
        {banks.isPending ? (
          <p className="loader-text" role="status">
            {ruBankPicker.loading}
          </p>
        ) : banks.isError ? (
          <div className="bank-sheet__error" role="alert">
            <p>{ruBankPicker.loadError}</p>
            <button type="button" className="button" onClick={() => void banks.refetch()}>
              {ruBankPicker.retry}
            </button>
          </div>
        ) : (
          <>
            {recent.length > 0 && (
              <section aria-labelledby={recentId}>
                <h3 className="bank-sheet__section" id={recentId}>
                  {ruBankPicker.remembered}
                </h3>
                {renderBanks(recent)}
              </section>
            )}
            <section aria-labelledby={allId}>
              <h3 className="bank-sheet__section" id={allId}>
                {ruBankPicker.all}
              </h3>
              {all.length > 0 ? renderBanks(all) : null}
              <p className="bank-sheet__empty" role="status">
                {all.length === 0 ? ruBankPicker.empty : ''}
              </p>
            </section>
          </>
        )}
      </div>
    </>
  );
}
