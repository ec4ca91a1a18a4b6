import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '#web/lib/router/links';
import { useParams } from '#web/lib/router/hooks';
import { ru } from '#web/i18n/ru';
import { useApi } from '#web/lib/api-context';
import { pointsQuery } from '#web/lib/content';
import { paragraphs } from '#web/lib/formats';
import { useFormatDate } from '#web/lib/use-format-date';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import { PointCard } from '#web/ui/point-card';
import { VenueMap } from '#web/ui/venue-map';
import { newsItemQuery } from './api';
import { BrandPicture } from '#web/ui/brand-picture';

/** One news item: pictures, text and the points taking part, on a map and as cards. */
export function NewsItemPage() {
  const formatDate = useFormatDate();
  const settings = useSettings();
  const api = useApi();
  const id = useParams().id ?? '';
  const item = useSuspenseQuery(newsItemQuery(api, id)).data;
  const { points } = useSuspenseQuery(pointsQuery(api)).data;
  const taking = points.filter((p) => item.pointIds.includes(p.id));
  return (
    <div className="container page">
      <PageMeta title={item.title} brand={settings.title} description={item.preview} image={item.images[0]} />
      <Link className="back-link" to="/news">
        ← {ru.news.back}
      </Link>
      <article className="news-item">
        <time className="news-card__date" dateTime={item.date}>
          {formatDate(item.date)}
        </time>
        <h1 className="page__title">{item.title}</h1>
        {item.images.map((src, i) => (
          <BrandPicture
            key={src}
            className="news-item__image"
            src={src}
            alt=""
            width={1280}
            height={720}
            sizes="(min-width: 992px) 880px, 100vw"
            priority={i === 0}
          />
        ))}
        <div className="prose">
          {paragraphs(item.text).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      </article>
      {taking.length > 0 && (
        <section className="news-item__points" aria-labelledby="news-points">
          <h2 className="section-title" id="news-points">
            {ru.news.points}
          </h2>
          <VenueMap points={taking} label={ru.map.newsLabel} />
          <ul className="card-grid">
            {taking.map((point) => (
              <li key={point.id}>
                <PointCard point={point} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
