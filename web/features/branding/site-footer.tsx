import { ru } from '#web/i18n/ru';
import { useSettings } from '#web/lib/settings';
import { AppleIcon, PlayIcon } from '#web/ui/icons';

/**
 * The footer (spec "Footer"): store badges from the app links, or the partner's logo when the app link is a
 * single address, otherwise 'Программа лояльности {title}'; always the platform provider's link.
 */
export function SiteFooter() {
  const settings = useSettings();
  const { appLink } = settings;
  return (
    <footer className="site-footer">
      <div className="container site-footer__row">
        <div className="site-footer__brand">
          {typeof appLink === 'string' ? (
            <a className="site-footer__partner" href={appLink} rel="noopener" target="_blank">
              <img src="/api/proxy/pictures/partner_logo" alt={ru.footer.partner} width={120} height={40} />
            </a>
          ) : appLink && (appLink.googleplay || appLink.appstore) ? (
            <div className="store-badges" role="group" aria-label={ru.footer.storeLinks}>
              {appLink.googleplay && (
                <a className="store-badge" href={appLink.googleplay} rel="noopener" target="_blank">
                  <PlayIcon size={22} />
                  <span>{ru.footer.googlePlay}</span>
                </a>
              )}
              {appLink.appstore && (
                <a className="store-badge" href={appLink.appstore} rel="noopener" target="_blank">
                  <AppleIcon size={22} />
                  <span>{ru.footer.appStore}</span>
                </a>
              )}
            </div>
          ) : (
            <p className="site-footer__programme">{ru.footer.programme(settings.title)}</p>
          )}
        </div>
        {(settings.phone || settings.email) && (
          <div className="site-footer__support">
            <span className="site-footer__label">{ru.footer.support}</span>
            {settings.phone && <a href={`tel:${settings.phone.replace(/[^+\d]/g, '')}`}>{settings.phone}</a>}
            {settings.email && <a href={`mailto:${settings.email}`}>{settings.email}</a>}
          </div>
        )}
        <a className="site-footer__provider" href={settings.provider.url} rel="noopener" target="_blank">
          {ru.footer.developedBy(settings.provider.name)}
        </a>
      </div>
    </footer>
  );
}
