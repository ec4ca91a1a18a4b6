import { ruAdminWebhooks as t } from '#web/i18n/ru-admin-webhooks';
import { DeliveriesPanel } from './deliveries-panel';
import { EndpointsPanel } from './endpoints-panel';

/** `/admin/webhooks` (decision 073): the chain's endpoints for events and the delivery log. */
export function WebhooksPage() {
  return (
    <>
      <h1>{t.heading}</h1>
      <p className="admin-muted">{t.lead}</p>
      <EndpointsPanel />
      <DeliveriesPanel />
    </>
  );
}
