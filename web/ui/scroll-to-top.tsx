import { useEffect, useState } from 'react';
import { ru } from '../i18n/ru';
import { ArrowUpIcon } from './icons';

/** Spec section 9: the button appears once the page is scrolled past 300 px. */
export const SCROLL_TOP_THRESHOLD = 300;

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const reduceMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <button
      type="button"
      className={`scroll-top${visible ? ' scroll-top--visible' : ''}`}
      aria-label={ru.shell.scrollToTop}
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      onClick={() => window.scrollTo({ top: 0, behavior: reduceMotion() ? 'auto' : 'smooth' })}
    >
      <ArrowUpIcon />
    </button>
  );
}
