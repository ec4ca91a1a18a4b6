import { ru } from '../i18n/ru';

/** Spec: the rating is 5 stars, rounded. The number is read out once; the stars are decoration. */
export function Rating({ value }: { value: number }) {
  const stars = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span className="rating" role="img" aria-label={ru.content.rating(stars)}>
      {Array.from({ length: 5 }, (_, i) => (
        <span
          key={i}
          className={i < stars ? 'rating__star rating__star--on' : 'rating__star'}
          aria-hidden="true"
        >
          ★
        </span>
      ))}
    </span>
  );
}
