import type { OperatorPoint, Point } from '#common/contract/content';
import type { BrandSettings } from '#common/contract/header';
import type { retailPoints } from '../db/schema/content';
import { pointRate } from './earn/point-rate';

type PointRow = typeof retailPoints.$inferSelect;

/** A row as the operator stores it: the address nested, the rating a number, the own rate or null (decision 055). */
export function toOperatorPoint(row: PointRow): OperatorPoint {
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

/** A row in the spec's "Point" shape, `currentBonus` the rate in force (the point's own or the chain's). */
export function toPoint(row: PointRow, settings: Pick<BrandSettings, 'baseEarnPercent'>): Point {
  return { ...toOperatorPoint(row), currentBonus: pointRate(row.currentBonus, settings).percent };
}
