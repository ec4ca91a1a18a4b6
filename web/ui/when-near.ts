/**
 * Calls `then` once `element` comes within a screen of the viewport (at once where there is no observer, as
 * in old browsers), so a map far down a page costs nothing until the visitor scrolls to it.
 */
export function whenNear(element: HTMLElement, then: () => void): { disconnect(): void } | null {
  if (typeof IntersectionObserver === 'undefined') {
    then();
    return null;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { rootMargin: '100% 0px' },
  );
  observer.observe(element);
  return observer;
}
