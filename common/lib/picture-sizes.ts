/**
 * The widths and formats the server makes of a brand picture (`/api/proxy/pictures/<name>?w=&f=`), so a page's
 * `srcset` asks only for copies that exist (decision 029).
 */
export const PICTURE_WIDTHS = [320, 480, 640, 960, 1280] as const;
export const PICTURE_FORMATS = ['avif', 'webp'] as const;

const PICTURES_PATH = '/api/proxy/pictures/';

/** Whether a URL is a raster brand picture the server can resize (not an SVG, not another site's). */
export function isResizablePicture(url: string): boolean {
  return url.startsWith(PICTURES_PATH) && !url.includes('?') && /\.(webp|png|jpe?g)$/i.test(url);
}

/** `url 320w, url 480w, …` for one format, up to the picture's own width. */
export function pictureSrcSet(
  url: string,
  format: (typeof PICTURE_FORMATS)[number],
  maxWidth: number,
): string {
  const widths = PICTURE_WIDTHS.filter((w) => w <= maxWidth);
  return widths.map((w) => `${url}?w=${w}&f=${format} ${w}w`).join(', ');
}
