import { useSuspenseQuery } from '@tanstack/react-query';
import { ru } from '#web/i18n/ru';
import { useApi } from '#web/lib/api-context';
import { activeCampaignsQuery } from '#web/lib/content';
import { CampaignList } from '#web/ui/campaign-list';

/** Today's campaigns (the home route's loader has fetched them), or nothing when none runs. */
export function HomeCampaigns() {
  const campaigns = useSuspenseQuery(activeCampaignsQuery(useApi())).data;
  if (campaigns.length === 0) return null;
  return (
    <div className="container page home-strip">
      <CampaignList campaigns={campaigns} title={ru.home.campaigns} id="home-campaigns" />
    </div>
  );
}
