import type { ActiveCampaign } from '#common/contract/programme';
import { ru } from '../i18n/ru';
import { useFormatDate } from '../lib/use-format-date';

/** The campaigns running today, as cards under a heading (the home page and the cabinet show them). */
export function CampaignList({
  campaigns,
  title,
  id,
}: {
  campaigns: ActiveCampaign[];
  title: string;
  id: string;
}) {
  const formatDate = useFormatDate();
  if (campaigns.length === 0) return null;
  return (
    <section className="campaigns" aria-labelledby={id} data-testid="active-campaigns">
      <h2 className="section-title" id={id}>
        {title}
      </h2>
      <ul className="campaigns__list">
        {campaigns.map((c) => (
          <li key={c.id} className="campaign-card">
            <p className="campaign-card__title">{c.title}</p>
            {c.description && <p className="campaign-card__text">{c.description}</p>}
            {c.endsOn && (
              <p className="campaign-card__until">
                {ru.content.campaignUntil(formatDate(`${c.endsOn}T12:00:00Z`))}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
