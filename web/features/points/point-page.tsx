import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '#web/lib/router/links';
import { useParams } from '#web/lib/router/hooks';
import { ru } from '#web/i18n/ru';
import { useApi } from '#web/lib/api-context';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import { PointCard } from '#web/ui/point-card';
import { isPlaced } from '#web/ui/point-map';
import { VenueMap } from '#web/ui/venue-map';
import { ActionList } from './action-list';
import { pointQuery } from './api';

/** `/points/{id}`: the point's card, the point on the map (spec "Point views"), and its actions. */
export function PointPage() {
  const settings = useSettings();
  const id = useParams().id ?? '';
  const { point, actions } = useSuspenseQuery(pointQuery(useApi(), id)).data;
  const { city, street, house } = point.address;
  return (
    <div className="container page point-page">
      <PageMeta title={point.title} brand={settings.title} description={`${city}, ${street}, ${house}`} />
      <Link className="back-link" to="/points">
        ← {ru.points.back}
      </Link>
      <PointCard point={point} link={false} headingLevel={1} />
      {isPlaced(point) && <VenueMap points={[point]} label={ru.map.pointLabel} />}
      <section aria-labelledby="point-actions">
        <h2 className="section-title" id="point-actions">
          {ru.points.actions}
        </h2>
        <ActionList actions={actions} full />
      </section>
    </div>
  );
}
