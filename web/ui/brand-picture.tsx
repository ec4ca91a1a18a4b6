import { isResizablePicture, pictureSrcSet } from '#common/lib/picture-sizes';

interface BrandPictureProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** How wide the picture is drawn at each layout, for the browser to pick a copy (the `sizes` attribute). */
  sizes: string;
  className?: string;
  /** The page's largest picture in the first screen: fetched first, never lazily (LCP). */
  priority?: boolean;
}

/**
 * A brand picture in the size the layout draws it: AVIF where the browser takes it, else WebP, in the widths
 * the server makes (decision 029). Anything the server cannot resize (an SVG, another site's address) is a
 * plain image.
 */
export function BrandPicture({
  src,
  alt,
  width,
  height,
  sizes,
  className,
  priority = false,
}: BrandPictureProps) {
  const common = {
    className,
    alt,
    width,
    height,
    loading: priority ? ('eager' as const) : ('lazy' as const),
    fetchPriority: priority ? ('high' as const) : undefined,
  };
  if (!isResizablePicture(src)) return <img src={src} {...common} />;
  const widest = Math.max(width, 1280);
  return (
    <picture>
      <source type="image/avif" srcSet={pictureSrcSet(src, 'avif', widest)} sizes={sizes} />
      <img
        src={`${src}?w=640&f=webp`}
        srcSet={pictureSrcSet(src, 'webp', widest)}
        sizes={sizes}
        {...common}
      />
    </picture>
  );
}
