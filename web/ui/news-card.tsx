import { Link } from '../lib/router/links';
import type { NewsPreview } from '#common/contract/content';
import { useFormatDate } from '../lib/use-format-date';
import { BrandPicture } from './brand-picture';

/**
 * A news preview: picture, date, title (the link) and the lead. The title's level follows the page's outline:
 * h2 under the news page's h1, h3 under the home page's news section. A list's first card is `priority`: its
 * picture is the largest in the first screen of `/` and `/news` on a phone (their LCP), so it is fetched at
 * once and first rather than lazily after layout.
 */
export function NewsCard({
  item,
  headingLevel = 3,
  priority = false,
}: {
  item: NewsPreview;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
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
          priority={priority}
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
