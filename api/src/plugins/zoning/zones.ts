import {
  parseZoningAlgorithm,
  ZONE_PALETTES,
  ZONING_AREA_LIMIT_HA,
  ZONING_RESOLUTION_METRES,
  type ValidationIssue,
  type ZoneStatistics,
  type ZoningZonesResponse,
} from '@paddock/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError, notFound, UnprocessableError } from '../../errors';
import { todayUtc } from '../../imagery/dates';
import { ZoningBudgetError, type ImageryService } from '../../imagery/service';
import { zoningPixels, type FieldZoningSummary, type ZoningAnswer } from '../../imagery/zoning';
import { requireRole } from '../farms/access';
import { loadImageryFieldAccess, requireAlgorithm, requireSelection } from '../imagery/access';
import { VIEWERS_CANNOT_ZONE } from './orders';

export interface ZonesRequest {
  field_ids: string[];
  latest_capture_date: string;
  zones: number;
  resolution: number;
  algorithm: string;
  min_zone_ha?: number;
}

export interface ZoningLimits {
  timeBudgetMs: number;
  maxPixels: number;
}

const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;
/** '60 s', '2.5 s'. */
const seconds = (ms: number): string => `${ms < 10_000 ? Math.round(ms / 100) / 10 : Math.round(ms / 1000)} s`;
const figure = (value: number | null): number | null => (value === null ? null : round4(value));

/**
 * `GET v2/zoning/zones`: who may zone (an owner or editor of the fields' farm: a viewer 403, anyone
 * else 404), the Advanced gates (several fields, NDRE/THERMAL/PCD), the 800 ha rule, one farm per
 * request, a pixel limit and a time budget (both 422 with what to change), then the zones from the
 * imagery worker pool, shared with identical requests.
 */
export async function zonesFor(
  request: FastifyRequest,
  imagery: ImageryService,
  query: ZonesRequest,
  limits: ZoningLimits,
): Promise<{ json: string; timings: ZoningAnswer['timings'] }> {
  const { account } = request;
  const parsed = parseZoningAlgorithm(query.algorithm);
  if (!parsed) throw notFound('Unknown algorithm');
  const { layer, algorithm } = parsed;
  // Membership first (a non-member gets 404 whatever they ask for), then the role (on each field's
  // farm, read with the fields), then the gates.
  const { fields, access } = await loadImageryFieldAccess(request, query.field_ids, layer);
  const farmIds = [...new Set(fields.map((field) => field.farmId))];
  for (const { role } of access) requireRole(role, 'editor', VIEWERS_CANNOT_ZONE);
  requireAlgorithm(account, algorithm);
  requireSelection(account, query.field_ids);
  if (farmIds.length > 1) {
    throw new UnprocessableError([
      { loc: ['query', 'field_ids'], msg: 'Zone fields of one farm at a time', type: 'value_error' },
    ]);
  }

  const byId = new Map(access.map(({ field }) => [field.id, field]));
  const issues: ValidationIssue[] = [];
  fields.forEach((field, index) => {
    const row = byId.get(field.fieldId);
    if (row && row.area >= ZONING_AREA_LIMIT_HA) {
      issues.push({
        loc: ['query', 'field_ids', index],
        msg: `Zone area exceeded: '${row.name}' is ${Math.round(row.area * 100) / 100} ha; fields of ${ZONING_AREA_LIMIT_HA} ha or more cannot be zoned`,
        type: 'value_error',
      });
    }
  });
  if (issues.length > 0) throw new UnprocessableError(issues);

  const resolutionM = ZONING_RESOLUTION_METRES[query.resolution] as number;
  const pixels = fields.reduce((sum, field) => sum + zoningPixels(field, resolutionM), 0);
  if (pixels > limits.maxPixels) {
    throw new UnprocessableError([
      {
        loc: ['query', 'resolution'],
        msg: `These fields are too large to zone at ${resolutionM} m in one go. Choose a coarser resolution or fewer fields.`,
        type: 'value_error',
      },
    ]);
  }

  const date = query.latest_capture_date;
  const capture = date > todayUtc() ? null : await imagery.capture(fields, layer, date);
  if (!capture) throw notFound(`No imagery for these fields on ${date}`);

  let result: ZoningAnswer;
  try {
    result = await imagery.zones(
      fields,
      { capture, algorithm, zones: query.zones, resolutionM, minZoneHa: query.min_zone_ha ?? null },
      limits.timeBudgetMs,
    );
  } catch (error) {
    if (error instanceof ZoningBudgetError) {
      throw new UnprocessableError([
        {
          loc: ['query', 'resolution'],
          msg: `Zoning took longer than ${seconds(limits.timeBudgetMs)}. Choose a coarser resolution or fewer fields.`,
          type: 'value_error',
        },
      ]);
    }
    throw error;
  }
  if (result.clouded.length > 0) {
    const names = result.clouded.map((id) => `'${byId.get(id)?.name ?? id}'`).join(', ');
    throw new HttpError(
      422,
      `${names} ${result.clouded.length === 1 ? 'is' : 'are'} under cloud on ${date} and the 30 days around it. Choose another date.`,
    );
  }
  // The features come from the worker as JSON already; everything else is small.
  const { zoned_image: _features, ...rest } = zonesResponse(query, resolutionM, capture.date, result.fields);
  const json = `{"zoned_image":{"type":"FeatureCollection","features":${result.featuresJson}},${JSON.stringify(rest).slice(1)}`;
  return { json, timings: result.timings };
}

/** The answer without its features (`zoned_image.features` is left empty here). */
function zonesResponse(
  query: ZonesRequest,
  resolutionM: number,
  captureDate: string,
  fields: readonly FieldZoningSummary[],
): ZoningZonesResponse {
  const palette = [...(ZONE_PALETTES[query.zones] ?? [])];
  const zoneStatistics = (zones: FieldZoningSummary['zones']): ZoneStatistics[] =>
    zones.map((zone) => ({
      zone: zone.zone,
      color: palette[zone.zone - 1] ?? '#000000',
      area: round4(zone.areaHa),
      mean: figure(zone.mean),
      min: figure(zone.min),
      max: figure(zone.max),
      pixel_count: zone.pixelCount,
    }));
  // Over all the fields: pixel-weighted means, the widest range, area-weighted variance reduction.
  const overall: ZoneStatistics[] = [];
  for (let zone = 1; zone <= query.zones; zone += 1) {
    const parts = fields.map((field) => field.zones[zone - 1]).filter((part) => part !== undefined);
    const measured = parts.filter((part) => part.pixelCount > 0 && part.mean !== null);
    const pixels = measured.reduce((sum, part) => sum + part.pixelCount, 0);
    overall.push({
      zone,
      color: palette[zone - 1] ?? '#000000',
      area: round4(parts.reduce((sum, part) => sum + part.areaHa, 0)),
      mean: pixels
        ? round4(measured.reduce((sum, part) => sum + (part.mean as number) * part.pixelCount, 0) / pixels)
        : null,
      min: measured.length ? round4(Math.min(...measured.map((part) => part.min as number))) : null,
      max: measured.length ? round4(Math.max(...measured.map((part) => part.max as number))) : null,
      pixel_count: pixels,
    });
  }
  const totalArea = fields.reduce((sum, field) => sum + field.areaHa, 0);
  const varianceReduction = totalArea
    ? fields.reduce((sum, field) => sum + field.varianceReduction * field.areaHa, 0) / totalArea
    : 0;
  return {
    zoned_image: { type: 'FeatureCollection', features: [] },
    algorithm: query.algorithm,
    capture_date: captureDate,
    zones: query.zones,
    resolution: query.resolution,
    resolution_m: resolutionM,
    palette,
    statistics: {
      variance_reduction: round4(varianceReduction),
      zones: overall,
      fields: fields.map((field) => ({
        field_id: field.fieldId,
        area: round4(field.areaHa),
        variance_reduction: round4(field.varianceReduction),
        filled_percent: field.filledPercent,
        min_zone_ha: round4(field.minZoneHa),
        breaks: field.breaks.map(round4),
        zones: zoneStatistics(field.zones),
      })),
    },
  };
}
