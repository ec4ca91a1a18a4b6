import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { useApi } from '#web/lib/api-context';
import { useSettings } from '#web/lib/settings';
import { EmptyState } from '#web/ui/empty-state';
import { PageMeta } from '#web/ui/page-meta';
import { PointCard } from '#web/ui/point-card';
import { VenueMap } from '#web/ui/venue-map';
import { ActionList } from './action-list';
import { pointsQuery } from './api';
import { CategoryTabs } from './category-tabs';

const PANEL_ID = 'points-panel';

/** Points by category (tabs from categoryName, in the order they first appear), each with its actions. */
export function PointsPage() {
  const settings = useSettings();
  const { points, actions } = useSuspenseQuery(pointsQuery(useApi())).data;
  const [category, setCategory] = useState<string | null>(null);
  const categories = [...new Set(points.map((p) => p.categoryName))];
  const shown = category ? points.filter((p) => p.categoryName === category) : points;
  const selectedIndex = category ? categories.indexOf(category) + 1 : 0;
  return (
    <div className="container page">
      <PageMeta title={ruPages.titles.points} brand={settings.title} description={ru.points.lead} />
      <h1 className="page__title">{ruPages.titles.points}</h1>
      <p className="page__lead">{ru.points.lead}</p>
      {points.length === 0 ? (
        <EmptyState title={ru.points.empty} />
      ) : (
        <>
          <VenueMap points={shown} label={ru.map.pointsLabel} />
          <CategoryTabs
            categories={categories}
            selected={category}
            onSelect={setCategory}
            panelId={PANEL_ID}
          />
          <div id={PANEL_ID} role="tabpanel" aria-labelledby={`tab-${selectedIndex}`}>
            <ul className="card-grid">
              {shown.map((point) => (
                <li key={point.id}>
                  <PointCard point={point} headingLevel={2}>
                    <ActionList actions={actions.filter((a) => a.pointIds.includes(point.id))} />
                  </PointCard>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </div>
  );
}
