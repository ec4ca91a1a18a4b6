import { USER_INFO_CODE } from '#common/contract/codes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Link } from '#web/lib/router/links';
import { useLocation, useNavigate } from '#web/lib/router/hooks';
import type { UserInfoResponse } from '#common/contract/cabinet';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { useApi } from '#web/lib/api-context';
import { activeCampaignsQuery } from '#web/lib/content';
import { CampaignList } from '#web/ui/campaign-list';
import { formatPhone } from '#web/lib/formats';
import { logout, useHydrated, useIsLoggedIn } from '#web/lib/session';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import type { PageModule } from '#web/lib/router/route-table';
import { prefetchCabinetTab, useOperations, useTabSettled } from './api';
import { CabinetError } from './cabinet-error';
import { CardPanel } from './card-panel';
import { CardsTab } from './cards-tab';
import { InviteFriend } from './invite-friend';
import { CertificatesList } from './certificates-list';
import { CouponsList } from './coupons-list';
import { OperationsList } from './operations-list';
import { OfflineCabinet, useKeepOfflineCard } from './offline-cabinet';
import { ProfileTab } from './profile-tab';
import { SavedCards } from './saved-cards';
import { useCabinetGuard, useCabinetPath } from './use-cabinet-guard';

const TABS = [
  { id: 'card', label: ruCabinet.tabCard },
  { id: 'operations', label: ruCabinet.tabOperations },
  { id: 'certificates', label: ruCabinet.tabCertificates },
  { id: 'cards', label: ruCabinet.tabCards },
  { id: 'profile', label: ruCabinet.tabProfile },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The section `?t=` names; the card without one or with an unknown one. */
function tabOf(search: string): TabId {
  const requested = new URLSearchParams(search).get('t');
  return TABS.find((t) => t.id === requested)?.id ?? 'card';
}

/** The tab's data, asked with the stored tokens as soon as the page's module is here (decision 041). */
export const prefetchProfile: NonNullable<PageModule['prefetch']> = (deps, url) =>
  prefetchCabinetTab(deps, tabOf(url.search));

/** `/profile`: the cabinet behind the access guard; `?t=` picks the section (`t=cards` after card binding). */
export function ProfilePage() {
  const settings = useSettings();
  const guard = useCabinetGuard('profile');
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  const tab = tabOf(useLocation().search);
  const settled = useTabSettled(tab, hydrated && loggedIn);
  useKeepOfflineCard(guard.status === 'ready' ? guard.info : null);
  // The cabinet is the page's largest render. Taken through useDeferredValue, it is rendered in a lane React may
  // interrupt every few milliseconds, instead of one long task as the customer's data arrives (decision 035).
  const ready = useDeferredValue(guard.status === 'ready' && settled ? guard.info : null);
  return (
    <div className="container page cabinet-page">
      <PageMeta
        title={ruPages.titles.profile}
        brand={settings.title}
        description={ruPages.meta.profile(settings.title)}
      />
      <h1 className="page__title">{ruPages.titles.profile}</h1>
      {guard.status === 'error' && <CabinetError />}
      {guard.status === 'offline' && <OfflineCabinet />}
      {guard.status === 'ready' && ready?.code === USER_INFO_CODE.ok ? (
        <Cabinet response={ready} brand={settings.title} tab={tab} />
      ) : (
        guard.status !== 'error' &&
        guard.status !== 'offline' && (
          <p className="loader-text" role="status">
            {ru.shell.loading}
          </p>
        )
      )}
    </div>
  );
}

function Cabinet({
  response,
  brand,
  tab,
}: {
  response: Extract<UserInfoResponse, { code: 0 }>;
  brand: string;
  tab: TabId;
}) {
  const { info } = response;
  const location = useLocation();
  const navigate = useNavigate();
  const api = useApi();
  const queryClient = useQueryClient();
  const pathOf = useCabinetPath();
  const search = new URLSearchParams(location.search);
  const operations = useOperations(tab === 'card' || tab === 'operations');
  const campaigns = useQuery({ ...activeCampaignsQuery(api), enabled: tab === 'card' }).data ?? [];
  const active = info.cards.find((card) => card.active) ?? info.cards[0];
  const fullName = [info.firstName, info.lastName].filter(Boolean).join(' ');

  const tabHref = (id: TabId) => {
    const next = new URLSearchParams(search);
    if (id === 'card') next.delete('t');
    else next.set('t', id);
    const query = next.toString();
    return query ? `/profile?${query}` : '/profile';
  };
  const handleLogout = async () => {
    await logout(api, queryClient);
    // Spec section 4: logout clears the state and the tokens and goes to /login.
    void navigate(pathOf('/login'), { replace: true });
  };

  return (
    <>
      <div className="cabinet-head">
        <div>
          <p className="cabinet-head__name">{fullName && ruCabinet.hello(fullName)}</p>
          <p className="cabinet-head__phone phone">{formatPhone(info.phone)}</p>
        </div>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => void handleLogout()}
        >
          {ruCabinet.logout}
        </button>
      </div>
      <nav className="cabinet-tabs" aria-label={ruCabinet.tabs}>
        {TABS.map((t) => (
          <Link
            key={t.id}
            className="cabinet-tabs__tab"
            to={tabHref(t.id)}
            replace
            aria-current={t.id === tab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === 'card' && (
        <CampaignList campaigns={campaigns} title={ruCabinet.campaignsTitle} id="cabinet-campaigns" />
      )}
      {tab === 'card' && (
        <div className="cabinet-grid">
          {active && <CardPanel card={active} brand={brand} />}
          <OperationsList query={operations} title={ruCabinet.operationsTitle} />
        </div>
      )}
      {tab === 'card' && active && <InviteFriend cardNum={active.cardNum} />}
      {tab === 'operations' && <OperationsList query={operations} title={ruCabinet.operationsTitle} />}
      {tab === 'certificates' && <CertificatesList phone={info.phone} />}
      {tab === 'certificates' && <CouponsList />}
      {tab === 'cards' && (
        <>
          <CardsTab info={info} />
          <SavedCards phone={info.phone} />
        </>
      )}
      {tab === 'profile' && <ProfileTab info={info} />}
    </>
  );
}
