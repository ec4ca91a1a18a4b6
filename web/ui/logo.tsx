import { useEffect, useRef, useState } from 'react';
import { DefaultLogoIcon } from './icons';

/** The brand's logo; if the picture cannot load, a default logo icon takes its place (spec "Navigation"). */
export function Logo({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The picture may have failed before the page hydrated, when React could not yet hear the error.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <span className="logo logo--fallback" role="img" aria-label={alt}>
        <DefaultLogoIcon size={32} />
      </span>
    );
  }
  return (
    <img
      ref={ref}
      className="logo"
      src={src}
      alt={alt}
      width={160}
      height={40}
      onError={() => setFailed(true)}
    />
  );
}
