import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../api';

/** Every query of the catalogue screen starts with this key, so a load or an edit refreshes them all. */
export const CATALOGUE_KEY = ['admin', 'catalogue'] as const;

/** The category tree (parents before children), for the tree, the search's filter and the item form. */
export function useCatalogueCategories() {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'categories'],
    queryFn: () => adminApi().request('GET /api/operator/catalogue/categories'),
  });
}

/** A category's name indented by its depth, for a select's option. */
export const indented = (c: { name: string; depth: number }) => `${'  '.repeat(c.depth)}${c.name}`;

/** The file's bytes in base64, as the import takes them (the browser encodes it: a data: URL's tail). */
export function fileAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}
