import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '#web/lib/router/links';
import { ru } from '#web/i18n/ru';
import { useApi } from '#web/lib/api-context';
import { newsListQuery, pointsQuery } from '#web/lib/content';
import { NewsCard } from '#web/ui/news-card';
import { PointCard } from '#web/ui/point-card';
import { HomeMap } from './home-map';

const NEWS_ON_HOME = 3;
const POINTS_ON_HOME = 4;

/** The latest news; the home route's loader has fetched the list (shared with /news, so it is fetched once). */
export function HomeNews() {
  const { news } = useSuspenseQuery(newsListQuery(useApi())).data;
  if (news.length === 0) return null;
  return (
    <section className="container page home-strip" aria-labelledby="home-news">
      <div className="home-strip__head">
        <h2 className="section-title" id="home-news">
          {ru.home.news}
        </h2>
        <Link to="/news">{ru.home.allNews}</Link>
      </div>
      <ul className="card-grid">
        {news.slice(0, NEWS_ON_HOME).map((item, index) => (
          <li key={item.id}>
            <NewsCard item={item} priority={index === 0} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The points and the map: every point on the map, a few with their earn rate, and the way to all of them. */
export function HomePoints() {
  const { points } = useSuspenseQuery(pointsQuery(useApi())).data;
  if (points.length === 0) return null;
  return (
    <section className="container page home-strip" aria-labelledby="home-points">
      <div className="home-strip__head">
        <h2 className="section-title" id="home-points">
          {ru.home.points}
        </h2>
        <Link to="/points">{ru.home.allPoints}</Link>
      </div>
      <HomeMap points={points} />
      <ul className="card-grid card-grid--four">
        {points.slice(0, POINTS_ON_HOME).map((point) => (
          <li key={point.id}>
            <PointCard point={point} />
          </li>
        ))}
      </ul>
    </section>
  );
}
