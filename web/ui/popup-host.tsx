import { useCallback, useId, useRef } from 'react';
import { ru } from '../i18n/ru';
import { CloseIcon } from './icons';
import { useShell } from './shell-state';
import { useFocusTrap } from './use-focus-trap';
import { useScrollLock } from './use-scroll-lock';

/** Shows the one open popup (point view, payment, card deletion, recipients, file) as a modal dialog. */
export function PopupHost() {
  const { popup, closePopup } = useShell();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onEscape = useCallback(() => closePopup(), [closePopup]);
  useFocusTrap(ref, popup !== null, onEscape);
  useScrollLock(popup !== null);
  if (!popup) return null;
  return (
    <div className="popup" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref} tabIndex={-1}>
      <div className="popup__head">
        <h2 className="popup__title" id={titleId}>
          {popup.title}
        </h2>
        {popup.closable !== false && (
          <button type="button" className="icon-button" onClick={closePopup} aria-label={ru.shell.close}>
            <CloseIcon />
          </button>
        )}
      </div>
      <div className="popup__body">{popup.content}</div>
    </div>
  );
}

/** The dimmed layer under the mobile menu and popups; a click on it closes both (spec "Navigation"). */
export function Overlay() {
  const { popup, isMenuOpen, closeOverlay } = useShell();
  const visible = popup !== null || isMenuOpen;
  return (
    <div
      className={`overlay${visible ? ' overlay--visible' : ''}`}
      onClick={closeOverlay}
      aria-hidden="true"
    />
  );
}
