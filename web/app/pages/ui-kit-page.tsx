import { useState } from 'react';
import { BankPickerSheet } from '#web/payment/bank-picker/bank-picker-sheet';
import { ruPages } from '#web/i18n/ru-pages';
import { ruUiKit } from '#web/i18n/ru-ui-kit';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import { useShell } from '#web/ui/shell-state';

/** /ui: the interface's building blocks in the brand's colours, for operators checking a new brand. */
export function UiKitPage() {
  const settings = useSettings();
  const { openPopup, closePopup, notify } = useShell();
  const [isBankPickerOpen, setBankPickerOpen] = useState(false);
  return (
    <div className="container page">
      <PageMeta title={ruPages.titles.ui} brand={settings.title} />
      <h1 className="page__title">{ruPages.titles.ui}</h1>
      <p className="page__lead">{ruUiKit.lead}</p>
      <div className="ui-kit">
        <section aria-labelledby="ui-kit-buttons">
          <h2 className="section-title" id="ui-kit-buttons">
            {ruUiKit.buttons}
          </h2>
          <div className="ui-kit__row">
            <button type="button" className="button">
              {ruUiKit.primary}
            </button>
            <button type="button" className="button button--accent">
              {ruUiKit.accent}
            </button>
            <button type="button" className="button" disabled>
              {ruUiKit.disabled}
            </button>
          </div>
        </section>
        <section aria-labelledby="ui-kit-layers">
          <h2 className="section-title" id="ui-kit-layers">
            {ruUiKit.layers}
          </h2>
          <div className="ui-kit__row">
            <button
              type="button"
              className="button"
              onClick={() =>
                openPopup({
                  title: ruUiKit.popupTitle,
                  content: (
                    <div className="ui-kit__popup">
                      <p>{ruUiKit.popupText}</p>
                      <button type="button" className="button" onClick={closePopup}>
                        {ruUiKit.popupOk}
                      </button>
                    </div>
                  ),
                })
              }
            >
              {ruUiKit.showPopup}
            </button>
            <button
              type="button"
              className="button button--accent"
              onClick={() => notify({ message: ruUiKit.noticeText, reload: true })}
            >
              {ruUiKit.showNotice}
            </button>
          </div>
        </section>
        <section aria-labelledby="ui-kit-payments">
          <h2 className="section-title" id="ui-kit-payments">
            {ruUiKit.payments}
          </h2>
          <div className="ui-kit__row">
            <button type="button" className="button" onClick={() => setBankPickerOpen(true)}>
              {ruUiKit.payBySbp}
            </button>
          </div>
          <BankPickerSheet
            paymentLink={SAMPLE_SBP_LINK}
            open={isBankPickerOpen}
            onClose={() => setBankPickerOpen(false)}
          />
        </section>
      </div>
    </div>
  );
}

/** A sample SBP payment link, so the picker can be tried (and tested) before the payment pages exist. */
const SAMPLE_SBP_LINK =
  'https://qr.nspk.ru/AS10003P3RH0LJ2A9ROO038L6NT5RU1M?type=01&bank=000000000001&sum=0&cur=RUB&crc=C08B';
