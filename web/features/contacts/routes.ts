import { lazyPage, type PageKit, type PageRoute } from '#web/lib/page-routes';
import { contactsQuery } from './api';

const contactsPage = lazyPage('contacts-page', () =>
  import('./contacts-page').then((m) => ({ Component: m.ContactsPage })),
);

/** `/contacts`: the brand's contacts, rendered on the server, and the feedback form. */
export function contactsRoutes({ page, ensure, api }: PageKit): PageRoute[] {
  return [page('contacts', { module: 'contacts' }, contactsPage, () => ensure(contactsQuery(api)))];
}
