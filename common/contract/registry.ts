import type { Endpoint, EndpointKey } from './endpoint';
import type * as account from './account';
import type * as admin from './admin';
import type * as auth from './auth';
import type * as bindings from './bindings';
import type * as cabinet from './cabinet';
import type * as catalogue from './catalogue';
import type * as content from './content';
import type * as coupons from './coupons';
import type * as receipts from './receipts';
import type * as dev from './dev';
import type * as fiscalReceipts from './fiscal-receipts';
import type * as giftCardInvoices from './gift-card-invoices';
import type * as giftCards from './gift-cards';
import type * as header from './header';
import type * as loyalty from './loyalty';
import type * as loyaltyLookups from './loyalty-lookups';
import type * as map from './map';
import type * as members from './members';
import type * as marketingConsent from './marketing-consent';
import type * as operator from './operator';
import type * as operatorContent from './operator-content';
import type * as operatorGiftCards from './operator-gift-cards';
import type * as memberBonuses from './member-bonuses';
import type * as programme from './programme';
import type * as push from './push';
import type * as reports from './reports';
import type * as sbp from './sbp';
import type * as segments from './segments';
import type * as till from './till';
import type * as tillGiftCards from './till-gift-cards';
import type * as tillReceipt from './till-receipt';
import type * as webhooks from './webhooks';
import type * as messages from './messages';

type EndpointsOf<M> = { [K in keyof M]: M[K] extends Endpoint ? M[K] : never }[keyof M];

/** Every endpoint of the contract; add a contract module here when you add one. */
export type AnyEndpoint =
  | EndpointsOf<typeof header>
  | EndpointsOf<typeof auth>
  | EndpointsOf<typeof content>
  | EndpointsOf<typeof map>
  | EndpointsOf<typeof cabinet>
  | EndpointsOf<typeof dev>
  | EndpointsOf<typeof sbp>
  | EndpointsOf<typeof loyalty>
  | EndpointsOf<typeof loyaltyLookups>
  | EndpointsOf<typeof bindings>
  | EndpointsOf<typeof till>
  | EndpointsOf<typeof tillGiftCards>
  | EndpointsOf<typeof tillReceipt>
  | EndpointsOf<typeof giftCards>
  | EndpointsOf<typeof giftCardInvoices>
  | EndpointsOf<typeof operator>
  | EndpointsOf<typeof operatorGiftCards>
  | EndpointsOf<typeof operatorContent>
  | EndpointsOf<typeof account>
  | EndpointsOf<typeof programme>
  | EndpointsOf<typeof memberBonuses>
  | EndpointsOf<typeof admin>
  | EndpointsOf<typeof members>
  | EndpointsOf<typeof marketingConsent>
  | EndpointsOf<typeof push>
  | EndpointsOf<typeof reports>
  | EndpointsOf<typeof catalogue>
  | EndpointsOf<typeof coupons>
  | EndpointsOf<typeof receipts>
  | EndpointsOf<typeof fiscalReceipts>
  | EndpointsOf<typeof webhooks>
  | EndpointsOf<typeof segments>
  | EndpointsOf<typeof messages>;

/** Endpoints by their key `'METHOD /path'`, for the web client's typed `request`. */
export type EndpointsByKey = { [E in AnyEndpoint as EndpointKey<E>]: E };
export type EndpointKeyOf = keyof EndpointsByKey;
