import * as auth from './schema/auth';
import * as bindings from './schema/bindings';
import * as brand from './schema/brand';
import * as cabinet from './schema/cabinet';
import * as catalogue from './schema/catalogue';
import * as content from './schema/content';
import * as coupons from './schema/coupons';
import * as giftCards from './schema/gift-cards';
import * as jobs from './schema/jobs';
import * as ledger from './schema/ledger';
import * as marketing from './schema/marketing';
import * as messages from './schema/messages';
import * as paymentReturns from './schema/payment-returns';
import * as payments from './schema/payments';
import * as push from './schema/push';
import * as reports from './schema/reports';
import * as segments from './schema/segments';
import * as staff from './schema/staff';
import * as till from './schema/till';
import * as webhooks from './schema/webhooks';

/** Every table, for the typed query builder. A new schema file is added here. */
export const schema = {
  ...brand,
  ...auth,
  ...content,
  ...ledger,
  ...cabinet,
  ...payments,
  ...paymentReturns,
  ...bindings,
  ...till,
  ...giftCards,
  ...staff,
  ...reports,
  ...catalogue,
  ...jobs,
  ...coupons,
  ...marketing,
  ...webhooks,
  ...segments,
  ...push,
  ...messages,
};
