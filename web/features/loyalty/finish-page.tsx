import { Link } from '#web/lib/router/links';
import { useSearchParams } from '#web/lib/router/hooks';
import type { PaymentResult } from '#common/contract/loyalty';
import { ruPages } from '#web/i18n/ru-pages';
import { ruLoyalty } from '#web/i18n/ru-loyalty';
import { formatAmount, formatBonuses } from '#common/lib/format';
import { useIsLoggedIn } from '#web/lib/session';
import { useSettings } from '#web/lib/settings';
import { FinishStep } from '#web/payment/finish-step';
import { FiscalReceiptNote } from '#web/payment/fiscal-receipt-note';
import { PageMeta } from '#web/ui/page-meta';
import { ChequeForm } from './cheque-form';
import { forgetDraft, paymentPath } from './payment-api';
import { ReceiptLines } from './receipt-lines';
import { parsePaySum, parsePointId, parseReceiptId } from './retail-point';

const DRAFT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/loyalty/finish?d={draftId}&p={retailPointId}&s={sum}`: where the bank sends the customer back. The
 * finish step completes the draft: the server asks the bank for the order's status (never trusting this
 * address), then posts the bonuses. While the bank has not answered, the page asks again by itself.
 */
export function LoyaltyFinishPage() {
  const settings = useSettings();
  const [params] = useSearchParams();
  const raw = params.get('d');
  const draftId = raw && DRAFT_ID.test(raw) ? raw : null;
  const retailPointId = parsePointId(params.get('p'));
  const paySum = parsePaySum(params.get('s'));
  const receiptId = parseReceiptId(params.get('r'));
  const back = retailPointId !== null ? paymentPath(retailPointId, paySum, receiptId) : null;
  const forget = () =>
    retailPointId !== null && paySum !== null && forgetDraft({ retailPointId, paySum, receiptId });
  return (
    <div className="container page loyalty-page">
      <PageMeta
        title={ruPages.titles.loyaltyFinish}
        brand={settings.title}
        description={ruPages.meta.loyalty(settings.title)}
      />
      <h1 className="page__title">{ruPages.titles.loyaltyFinish}</h1>
      <FinishStep
        draftId={draftId}
        texts={ruLoyalty}
        missing={{ title: ruLoyalty.draftMissingTitle, text: ruLoyalty.draftMissingText }}
        backTo={back}
        retryTo={back}
        onRetry={forget}
      >
        {(result) => <PaymentDone result={result} />}
      </FinishStep>
    </div>
  );
}

/** Status 0: the confirmation code, what was paid, spent and earned, the cheque. */
function PaymentDone({ result }: { result: PaymentResult }) {
  const loggedIn = useIsLoggedIn();
  return (
    <div className="loyalty-done">
      <h2 className="loyalty-done__title">{ruLoyalty.successTitle}</h2>
      {result.confirmationCode && (
        <div className="loyalty-done__code">
          <span>{ruLoyalty.confirmationCode}</span>
          <strong data-testid="confirmation-code">{result.confirmationCode}</strong>
          <small>{ruLoyalty.confirmationHint}</small>
        </div>
      )}
      <dl className="loyalty-sums">
        <div>
          <dt>{ruLoyalty.sumLabel}</dt>
          <dd>{formatAmount(result.paySum)}&nbsp;₽</dd>
        </div>
        {result.coupon && result.coupon.discount > 0 && (
          <div>
            <dt>{ruLoyalty.couponDiscount}</dt>
            <dd>−{formatAmount(result.coupon.discount)}&nbsp;₽</dd>
          </div>
        )}
        <div>
          <dt>{ruLoyalty.paid}</dt>
          <dd>{formatAmount(result.leftToPay)}&nbsp;₽</dd>
        </div>
        {result.spentExtra > 0 && (
          <div>
            <dt>{ruLoyalty.extraSpent}</dt>
            <dd>{formatAmount(result.spentExtra)}&nbsp;₽</dd>
          </div>
        )}
        <div>
          <dt>{ruLoyalty.spent}</dt>
          <dd>{formatBonuses(result.spent)}</dd>
        </div>
        <div className="loyalty-sums__total">
          <dt>{ruLoyalty.earned}</dt>
          <dd>{formatBonuses(result.earned)}</dd>
        </div>
      </dl>
      {result.lines && <ReceiptLines lines={result.lines} />}
      <FiscalReceiptNote receipt={result.fiscalReceipt} />
      <div className="loyalty-actions">
        {result.chequeUrl && (
          <a className="button button--ghost" href={result.chequeUrl} target="_blank" rel="noopener">
            {ruLoyalty.openCheque}
          </a>
        )}
        <Link className="button button--ghost" to={loggedIn ? '/profile?t=operations' : '/'}>
          {loggedIn ? ruLoyalty.toCabinet : ruLoyalty.toHome}
        </Link>
      </div>
      {result.state === 'completed' && <ChequeForm draftId={result.draftId} />}
    </div>
  );
}
