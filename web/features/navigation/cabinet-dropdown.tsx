import { useId, useState } from 'react';
import { ru } from '#web/i18n/ru';
import { ChevronDownIcon, UserIcon } from '#web/ui/icons';
import { CabinetEntries } from './cabinet-entries';

/** The cabinet menu of the desktop header: opens on hover (and on click or keyboard focus). */
export function CabinetDropdown() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  return (
    <div
      className={`cabinet${open ? ' cabinet--open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      <button
        type="button"
        className="cabinet__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <UserIcon size={20} />
        <span>{ru.nav.cabinet}</span>
        <ChevronDownIcon size={16} />
      </button>
      <div className="cabinet__menu" id={menuId}>
        <CabinetEntries variant="dropdown" onChoose={() => setOpen(false)} />
      </div>
    </div>
  );
}
