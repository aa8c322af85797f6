/**
 * Tags: one per area of the document (schemas/areas.ts) that has an operation or a webhook, in
 * the order of section 4. The tag name is the area's name everywhere (operations, webhooks, tags).
 */
import type { TagObject } from 'openapi3-ts/oas31';
import { AREAS, areaById, type AreaId } from '../schemas/areas.ts';

export const tagOf = (area: AreaId): string => areaById(area).name;

export function buildTags(usedAreas: ReadonlySet<AreaId>): TagObject[] {
  return AREAS.filter((a) => usedAreas.has(a.id)).map((a) => ({
    name: a.name,
    description: `${a.description} Section ${a.section}.`,
    'x-area': a.id,
  }));
}
