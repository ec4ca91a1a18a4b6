import { useRef, type KeyboardEvent } from 'react';
import { ru } from '#web/i18n/ru';

interface CategoryTabsProps {
  categories: string[];
  /** null is "all". */
  selected: string | null;
  onSelect(category: string | null): void;
  panelId: string;
}

/** An ARIA tablist: arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern, automatic activation). */
export function CategoryTabs({ categories, selected, onSelect, panelId }: CategoryTabsProps) {
  const tabs: Array<string | null> = [null, ...categories];
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + tabs.length) % tabs.length;
    onSelect(tabs[target] ?? null);
    refs.current[target]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={ru.points.categories}>
      {tabs.map((category, i) => {
        const active = category === selected;
        return (
          <button
            key={category ?? ''}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${i}`}
            className="tabs__tab"
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(category)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {category ?? ru.points.all}
          </button>
        );
      })}
    </div>
  );
}
