import { Link } from 'react-router';
import type { NewsPreview } from '../../common/contract/content';
import { useFormatDate } from '../lib/use-format-date';
import { BrandPicture } from './brand-picture';

/**
 * A news preview: picture, date, title (the link) and the lead. The title's level follows the page's outline:
 * h2 under the news page's h1, h3 under the home page's news section.
 */
export function NewsCard({ item, headingLevel = 3 }: { item: NewsPreview; headingLevel?: 2 | 3 }) {
  const formatDate = useFormatDate();
  const image = item.images[0];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="news-card">
      {image && (
        <BrandPicture
          className="news-card__image"
          src={image}
          alt=""
          width={640}
          height={360}
          sizes="(min-width: 1200px) 400px, (min-width: 768px) 50vw, 100vw"
        />
      )}
      <div className="news-card__body">
        <time className="news-card__date" dateTime={item.date}>
          {formatDate(item.date)}
        </time>
        <Heading className="news-card__title">
          <Link to={`/news/${item.id}`}>{item.title}</Link>
        </Heading>
        <p className="news-card__preview">{item.preview}</p>
      </div>
    </article>
  );
}
