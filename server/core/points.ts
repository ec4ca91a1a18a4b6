import type { Point } from '../../common/contract/content';
import type { retailPoints } from '../db/schema/content';

type PointRow = typeof retailPoints.$inferSelect;

/** A row in the spec's "Point" shape: the address nested, the rating a number. */
export function toPoint(row: PointRow): Point {
  return {
    id: row.id,
    title: row.title,
    phone: row.phone,
    rating: Number(row.rating),
    currentBonus: row.currentBonus,
    firmId: row.firmId,
    categoryName: row.categoryName,
    address: {
      city: row.city,
      street: row.street,
      house: row.house,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    workingHours: row.workingHours,
  };
}
