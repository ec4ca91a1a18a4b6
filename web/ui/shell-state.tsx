import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface PopupRequest {
  /** Heading read by screen readers and shown at the top of the popup. */
  title: string;
  content: ReactNode;
  /** The spec's "optional close button". Escape and the overlay close the popup either way. */
  closable?: boolean;
}

export interface Notice {
  message: string;
  /** Show the spec's 'перезагрузить страницу' button. */
  reload?: boolean;
  /** A button of its own ('Обновить' for a new version of the site). */
  action?: { label: string; run(): void };
}

interface ShellState {
  popup: PopupRequest | null;
  openPopup(popup: PopupRequest): void;
  closePopup(): void;
  isMenuOpen: boolean;
  setMenuOpen(open: boolean): void;
  notice: Notice | null;
  notify(notice: Notice): void;
  dismissNotice(): void;
  /** The overlay: shown with the mobile menu or a popup; a click on it closes both. */
  closeOverlay(): void;
}

const ShellContext = createContext<ShellState | null>(null);

/** State every page shares: the popup, the mobile menu and the notification bar. */
export function ShellStateProvider({ children }: { children: ReactNode }) {
  const [popup, setPopup] = useState<PopupRequest | null>(null);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const closePopup = useCallback(() => setPopup(null), []);
  const dismissNotice = useCallback(() => setNotice(null), []);
  const closeOverlay = useCallback(() => {
    setPopup(null);
    setMenuOpen(false);
  }, []);
  const value = useMemo<ShellState>(
    () => ({
      popup,
      openPopup: setPopup,
      closePopup,
      isMenuOpen,
      setMenuOpen,
      notice,
      notify: setNotice,
      dismissNotice,
      closeOverlay,
    }),
    [popup, closePopup, isMenuOpen, notice, dismissNotice, closeOverlay],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellState {
  const state = useContext(ShellContext);
  if (!state) throw new Error('useShell outside ShellStateProvider');
  return state;
}
