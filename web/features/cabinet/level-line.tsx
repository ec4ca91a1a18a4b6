import type { MemberLevel } from '#common/contract/member-bonuses';
import { formatAmount } from '#common/lib/format';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { useUserLevel } from './api';

/** The member's level on the card and the way to the next; nothing while loading or when levels are off. */
export function LevelLine() {
  return <LevelText level={useUserLevel().data?.level ?? null} />;
}

/** The level's lines (apart from the query, so a unit test renders them). */
export function LevelText({ level }: { level: MemberLevel['level'] }) {
  if (!level) return null;
  return (
    <div className="loyalty-card__level" data-testid="member-level">
      <p className="loyalty-card__level-title">{ruCabinet.level(level.title)}</p>
      {level.next && (
        <p className="loyalty-card__level-next">
          {ruCabinet.levelNext(level.next.title, `${formatAmount(level.next.left)}\u00a0₽`)}
        </p>
      )}
    </div>
  );
}
