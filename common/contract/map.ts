import * as z from './z';
import { defineEndpoint } from './endpoint';

/**
 * Where the map's tiles come from and the attribution their licence asks for (MAP_TILE_URL, MAP_ATTRIBUTION),
 * and where the indoor floors widget loads from (FLOORS_WIDGET_URL).
 */
export const mapSettingsSchema = z.strictObject({
  /** A Leaflet tile URL template: `{z}`, `{x}`, `{y}` and optionally `{s}`. */
  tileUrl: z.string().min(1),
  /** HTML the map shows in its corner (the operator's own configuration, not visitor input). */
  attribution: z.string(),
  /** The indoor floors widget's script (FLOORS_WIDGET_URL); null when the deployment has none. */
  floorsWidgetUrl: z.string().nullable(),
});
export type MapSettings = z.output<typeof mapSettingsSchema>;

export const getMapSettings = defineEndpoint({
  method: 'GET',
  path: '/api/map',
  summary: 'The map’s tile server and attribution',
  tag: 'content',
  auth: 'public',
  errors: [],
  schemas: { response: mapSettingsSchema },
});
