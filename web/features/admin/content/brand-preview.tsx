import type { BrandSettings } from '#common/contract/header';
import { ruAdminContent } from '#web/i18n/ru-admin-content';

const t = ruAdminContent.settings;
const HEX = /^#[0-9a-fA-F]{6}$/;
/** A colour still being typed is not applied: the preview keeps a neutral grey until it is #RRGGBB. */
const colour = (value: string, fallback = '#888888') => (HEX.test(value) ? value : fallback);

/**
 * The site's header, menu and a button in the colours and with the logo of the form as it is now (not as
 * saved): it re-renders on every change, so the operator sees a colour before saving it.
 */
export function BrandPreview({ settings, logo }: { settings: BrandSettings; logo: string }) {
  const onPrimary = colour(settings.colorOnPrimary, '#ffffff');
  return (
    <aside className="content-preview" aria-label={t.preview} data-testid="brand-preview">
      <p className="content-preview__caption">{t.preview}</p>
      <div
        className="content-preview__header"
        data-testid="preview-header"
        style={{ background: colour(settings.colorPrimary), color: onPrimary }}
      >
        <img className="content-preview__logo" src={logo} alt={t.logoAlt} />
        <span className="content-preview__title">{settings.title}</span>
      </div>
      <div
        className="content-preview__menu"
        style={{ background: colour(settings.colorPrimaryDark), color: onPrimary }}
      >
        {t.previewMenu.map((item) => (
          <span key={item}>{item}</span>
        ))}
      </div>
      <div className="content-preview__body">
        <p>{t.previewText}</p>
        <span
          className="content-preview__button"
          data-testid="preview-button"
          style={{
            background: colour(settings.colorAccent),
            color: colour(settings.colorOnSecondary, '#ffffff'),
          }}
        >
          {t.previewButton}
        </span>
      </div>
    </aside>
  );
}
