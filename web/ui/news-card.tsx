import { Link } from 'react-router';
import type { NewsPreview } from '../../common/contract/content';
import { formatDate } from '../lib/formats';

/** A news preview: picture, date, title (the link) and the lead. */
export function NewsCard({ item }: { item: NewsPreview }) {
  const image = item.images[0];
  return (
    <article className="news-card">
      {image && (
        <img className="news-card__image" src={image} alt="" width={640} height={360} loading="lazy" />
      )}
      <div className="news-card__body">
        <time className="news-card__date" dateTime={item.date}>
          {formatDate(item.date)}
        </time>
        <h3 className="news-card__title">
          <Link to={`/news/${item.id}`}>{item.title}</Link>
        </h3>
        <p className="news-card__preview">{item.preview}</p>
      </div>
    </article>
  );
}
