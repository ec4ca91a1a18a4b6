import { ruAdminContent } from '#web/i18n/ru-admin-content';

const t = ruAdminContent.pictures;

/** The types and the size the server accepts (common/contract/operator-content.ts), checked first in the browser. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

/** What is wrong with a chosen file before it is sent, or null; the server checks the bytes again. */
export function pictureFileProblem(file: File): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return t.badType;
  if (file.size > PICTURE_MAX_BYTES) return t.tooBig;
  return null;
}

/** A file's name as a picture name: latin letters, digits, dot, - and _ (others become -). */
export const pictureNameOf = (fileName: string) =>
  fileName
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 100) || 'picture';

/** The file's bytes in base64, as the upload endpoint takes them. */
export async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
