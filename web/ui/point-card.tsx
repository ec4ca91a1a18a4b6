import type { ReactNode } from 'react';
import { Link } from '../lib/router/links';
import type { Point } from '#common/contract/content';
import { ru } from '../i18n/ru';
import { telHref } from '../lib/formats';
import { Rating } from './rating';

interface PointCardProps {
  point: Point;
  /** The card's title links to the point's page unless the card is that page. */
  link?: boolean;
  headingLevel?: 1 | 2 | 3;
  children?: ReactNode;
}

/** Spec section 2 "Point views": title, 5-star rating, address, phone link, 'Бонусирование: N%'. */
export function PointCard({ point, link = true, headingLevel = 3, children }: PointCardProps) {
  const Heading = `h${headingLevel}` as const;
  const { city, street, house } = point.address;
  return (
    <article className="point-card">
      <Heading className="point-card__title">
        {link ? <Link to={`/points/${point.id}`}>{point.title}</Link> : point.title}
      </Heading>
      <Rating value={point.rating} />
      <p className="point-card__address">{[city, street, house].filter(Boolean).join(', ')}</p>
      {point.workingHours && <p className="point-card__hours">{point.workingHours}</p>}
      {point.phone && (
        <a className="point-card__phone" href={telHref(point.phone)}>
          {point.phone}
        </a>
      )}
      <p className="point-card__bonus">{ru.content.bonus(point.currentBonus)}</p>
      {children}
    </article>
  );
}
