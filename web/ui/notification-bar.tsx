import { ru } from '../i18n/ru';
import { CloseIcon } from './icons';
import { useShell } from './shell-state';

/** The notification banner: a message, 'перезагрузить страницу' when asked, and a close control. */
export function NotificationBar() {
  const { notice, dismissNotice } = useShell();
  return (
    <div className={`notice${notice ? ' notice--visible' : ''}`} role="status" aria-live="polite">
      {notice && (
        <>
          <p className="notice__message">{notice.message}</p>
          {notice.reload && (
            <button type="button" className="button button--small" onClick={() => window.location.reload()}>
              {ru.shell.reloadPage}
            </button>
          )}
          {notice.action && (
            <button type="button" className="button button--small" onClick={notice.action.run}>
              {notice.action.label}
            </button>
          )}
          <button
            type="button"
            className="icon-button notice__close"
            onClick={dismissNotice}
            aria-label={ru.shell.close}
          >
            <CloseIcon size={20} />
          </button>
        </>
      )}
    </div>
  );
}
