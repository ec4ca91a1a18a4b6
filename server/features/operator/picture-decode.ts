import sharp from 'sharp';

/*
 * A raster picture is decoded once when it arrives (issue 26 item 8, decision 050): a file that only starts like
 * a PNG, or a real PNG of 20,000 × 20,000 pixels, used to be stored, and then every visitor's request for its
 * copies (server/core/picture-variants.ts) failed with a 500 and decoded it again.
 */

/** The most pixels a picture may have: a phone camera's photo (6000 × 4000) is 24 million. */
export const PICTURE_MAX_PIXELS = 25_000_000;

/** sharp's name of each raster type the pictures take; an SVG is text, checked by svg-check.ts. */
const FORMAT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const UNREADABLE = 'Картинка повреждена или не читается: сохраните её заново (PNG, JPEG, WebP, GIF)';

/** Why the raster picture is refused (not its type, too many pixels, does not decode), or null. */
export async function pictureDecodeRefusal(data: Buffer, contentType: string): Promise<string | null> {
  const format = FORMAT[contentType];
  if (!format) return null;
  let meta: sharp.Metadata;
  try {
    // The header only: the format and the dimensions, before any pixel is decoded.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return UNREADABLE;
  }
  if (meta.format !== format) return 'Файл не похож на картинку выбранного типа (PNG, JPEG, WebP, GIF, SVG)';
  const { width = 0, height = 0 } = meta;
  if (width < 1 || height < 1) return UNREADABLE;
  if (width * height > PICTURE_MAX_PIXELS) {
    return `Картинка ${width} × ${height} пикселей слишком велика (не больше 25 млн пикселей): уменьшите её`;
  }
  try {
    // Every pixel once, at a thumbnail's size so the memory stays small: a cut or broken file fails here.
    await sharp(data, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' })
      .resize({ width: 16, height: 16, fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    return UNREADABLE;
  }
  return null;
}
