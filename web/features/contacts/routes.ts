import type { RouteObject } from 'react-router';
import { ru } from '../../i18n/ru';
import { lazyPage, type PageKit } from '../../lib/page-routes';
import { contactsQuery } from './api';

const contactsPage = lazyPage('contacts-page', () =>
  import('./contacts-page').then((m) => ({ Component: m.ContactsPage })),
);

/** `/contacts`: the brand's contacts, rendered on the server, and the feedback form. */
export function contactsRoutes({ page, ensure, api }: PageKit): RouteObject[] {
  return [
    page('contacts', { module: 'contacts', title: ru.pages.contacts }, contactsPage, () =>
      ensure(contactsQuery(api)),
    ),
  ];
}
