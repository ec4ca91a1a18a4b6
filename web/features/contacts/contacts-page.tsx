import { useSuspenseQuery } from '@tanstack/react-query';
import { ruPages } from '#web/i18n/ru-pages';
import { ruContacts } from '#web/i18n/ru-contacts';
import { useApi } from '#web/lib/api-context';
import { telHref } from '#web/lib/formats';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import { contactsQuery } from './api';
import { FeedbackForm } from './feedback-form';

export function ContactsPage() {
  const settings = useSettings();
  const contacts = useSuspenseQuery(contactsQuery(useApi())).data;
  const title = contacts.title || ruPages.titles.contacts;
  return (
    <div className="container page">
      <PageMeta title={title} brand={settings.title} description={contacts.address || undefined} />
      <h1 className="page__title">{title}</h1>
      <div className="contacts">
        <dl className="contacts__list">
          {contacts.phone && (
            <div>
              <dt>{ruContacts.phone}</dt>
              <dd>
                <a href={telHref(contacts.phone)}>{contacts.phone}</a>
              </dd>
            </div>
          )}
          {contacts.email && (
            <div>
              <dt>{ruContacts.email}</dt>
              <dd>
                <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
              </dd>
            </div>
          )}
          {contacts.address && (
            <div>
              <dt>{ruContacts.address}</dt>
              <dd>{contacts.address}</dd>
            </div>
          )}
          {contacts.workingHours && (
            <div>
              <dt>{ruContacts.hours}</dt>
              <dd>{contacts.workingHours}</dd>
            </div>
          )}
          {contacts.socials.length > 0 && (
            <div>
              <dt>{ruContacts.socials}</dt>
              <dd className="contacts__socials">
                {contacts.socials.map((s) => (
                  <a key={s.url} href={s.url} rel="noopener">
                    {s.name}
                  </a>
                ))}
              </dd>
            </div>
          )}
        </dl>
        <FeedbackForm />
      </div>
    </div>
  );
}
