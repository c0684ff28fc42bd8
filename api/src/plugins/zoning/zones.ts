import {
  CLEAR_BELOW_PERCENT,
  parseZoningAlgorithm,
  ZONING_MAX_CLOUD_PERCENT,
  type ZoningSource,
  ZONE_PALETTES,
  ZONING_AREA_LIMIT_HA,
  ZONING_RESOLUTION_METRES,
  type ValidationIssue,
  type ZoneStatistics,
  type ZoningZonesResponse,
} from '@paddock/shared/contracts';
import { HttpError, notFound, UnprocessableError } from '../../errors';
import { addDays, dayNumber, IMAGERY_ARCHIVE_START, minDate, todayUtc } from '../../imagery/dates';
import { ZoningBudgetError, type ImageryField, type ImageryService } from '../../imagery/service';
import type { Capture } from '../../imagery/source';
import { zoningPixels, type FieldZoningSummary, type ZoningAnswer } from '../../imagery/zoning';
import type { ZoningBasis } from '../../imagery/zoning/productivity';
import type { Db } from '../../db';
import type { AccountRow } from '../../db/types';
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
  source?: ZoningSource;
  seasons?: number[];
  from?: string;
  to?: string;
  weight_shallow?: number;
  weight_deep?: number;
  weight_index?: number;
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
  db: Db,
  account: AccountRow,
  imagery: ImageryService,
  query: ZonesRequest,
  limits: ZoningLimits,
): Promise<{ json: string; timings: ZoningAnswer['timings'] }> {
  const parsed = parseZoningAlgorithm(query.algorithm);
  if (!parsed) throw notFound('Unknown algorithm');
  const { layer, algorithm } = parsed;
  const kind: ZoningSource = query.source ?? 'date';
  // Membership first (a non-member gets 404 whatever they ask for), then the role (on each field's
  // farm, read with the fields), then the gates. EM with imagery reads the fields' Rapid-EM surveys too.
  const { fields, access } = await loadImageryFieldAccess(
    db,
    account,
    query.field_ids,
    kind === 'em_imagery' ? 'sensor_em' : layer,
  );
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

  if (kind !== 'date' && layer !== 'standard') {
    throw new UnprocessableError([
      {
        loc: ['query', 'algorithm'],
        msg: 'Productivity and EM with imagery zones are made from a satellite calculation (standard_…)',
        type: 'value_error',
      },
    ]);
  }
  const date = query.latest_capture_date;
  const settings = { algorithm, zones: query.zones, resolutionM, minZoneHa: query.min_zone_ha ?? null };
  let result: ZoningAnswer;
  let captureDate = date;
  try {
    if (kind === 'seasons') {
      const basis = seasonsBasis(query, date);
      result = await imagery.basisZones(fields, { ...settings, basis }, limits.timeBudgetMs);
    } else {
      const capture = date > todayUtc() ? null : await imagery.capture(fields, layer, date);
      if (!capture) throw notFound(`No imagery for these fields on ${date}`);
      captureDate = capture.date;
      if (layer === 'standard') await refuseCloudyCapture(imagery, fields, date);
      if (kind === 'em_imagery') {
        const basis = await emBasis(imagery, fields, byId, capture, query);
        result = await imagery.basisZones(fields, { ...settings, basis }, limits.timeBudgetMs);
      } else {
        result = await imagery.zones(fields, { capture, ...settings }, limits.timeBudgetMs);
      }
    }
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
    const verb = result.clouded.length === 1 ? 'is' : 'are';
    throw new HttpError(
      422,
      kind === 'seasons'
        ? `${names} ${verb} under cloud on every capture of the chosen seasons. Choose other seasons.`
        : `${names} ${verb} under cloud on ${date} and the 30 days around it. Choose another date.`,
    );
  }
  // The features come from the worker as JSON already; everything else is small.
  const { zoned_image: _features, ...rest } = zonesResponse(query, resolutionM, captureDate, result, kind);
  const json = `{"zoned_image":{"type":"FeatureCollection","features":${result.featuresJson}},${JSON.stringify(rest).slice(1)}`;
  return { json, timings: result.timings };
}

/** Days either side of a refused date searched for clear captures to suggest. */
const CLEAR_SEARCH_DAYS = 45;
const CLEAR_SUGGESTIONS = 3;

/**
 * A capture whose selected fields are more than half cloud or shadow is not zoned (issue 26): its zones
 * would come mostly from other captures. The refusal names the nearest clear dates.
 */
async function refuseCloudyCapture(imagery: ImageryService, fields: readonly ImageryField[], date: string) {
  const around = await imagery.catalog(
    fields,
    'standard',
    addDays(date, -CLEAR_SEARCH_DAYS),
    minDate(addDays(date, CLEAR_SEARCH_DAYS), todayUtc()),
  );
  const chosen = around.find(({ capture }) => capture.date === date);
  if (!chosen || chosen.cloudPercent <= ZONING_MAX_CLOUD_PERCENT) return;
  const clear = around
    .filter(({ cloudPercent }) => cloudPercent < CLEAR_BELOW_PERCENT)
    .sort(
      (a, b) =>
        Math.abs(dayNumber(a.capture.date) - dayNumber(date)) - Math.abs(dayNumber(b.capture.date) - dayNumber(date)) ||
        a.capture.date.localeCompare(b.capture.date),
    )
    .slice(0, CLEAR_SUGGESTIONS)
    .map(({ capture }) => capture.date)
    .sort();
  const suggestion =
    clear.length > 0
      ? ` The nearest clear dates are ${clear.join(', ')}.`
      : ` There is no clear date within ${CLEAR_SEARCH_DAYS} days; try productivity zones over seasons.`;
  throw new HttpError(
    422,
    `The fields are ${Math.round(chosen.cloudPercent)} % under cloud or shadow on ${date}: more than half of them cannot be seen, so no zones are made from it.${suggestion}`,
  );
}

/** The seasons (or date range) of a productivity zoning, checked. */
function seasonsBasis(query: ZonesRequest, until: string): Extract<ZoningBasis, { kind: 'seasons' }> {
  const today = todayUtc();
  const last = minDate(until, today);
  if (query.from !== undefined || query.to !== undefined) {
    const { from, to } = query;
    if (from === undefined || to === undefined || from > to || from < IMAGERY_ARCHIVE_START || from > today) {
      throw new UnprocessableError([
        {
          loc: ['query', 'from'],
          msg: `A date range needs from and to, from before to, between ${IMAGERY_ARCHIVE_START} and today`,
          type: 'value_error',
        },
      ]);
    }
    return { kind: 'seasons', seasons: [], range: { from, to }, until: last };
  }
  const seasons = [...new Set(query.seasons ?? [])];
  if (seasons.length === 0 || seasons.some((year) => String(year) > today.slice(0, 4))) {
    throw new UnprocessableError([
      {
        loc: ['query', 'seasons'],
        msg: 'Choose at least one season (by the year it starts), this year or earlier',
        type: 'value_error',
      },
    ]);
  }
  return { kind: 'seasons', seasons: seasons.sort((a, b) => a - b), range: null, until: last };
}

/** EM with imagery: each field's newest Rapid-EM survey and the weights (a field never surveyed is refused). */
async function emBasis(
  imagery: ImageryService,
  fields: readonly ImageryField[],
  byId: Map<string, { name: string }>,
  capture: Capture,
  query: ZonesRequest,
): Promise<Extract<ZoningBasis, { kind: 'em' }>> {
  const weights = { shallow: query.weight_shallow ?? 1, deep: query.weight_deep ?? 1, index: query.weight_index ?? 1 };
  if (weights.shallow + weights.deep + weights.index <= 0) {
    throw new UnprocessableError([
      { loc: ['query', 'weight_index'], msg: 'Give at least one layer a weight above 0', type: 'value_error' },
    ]);
  }
  const missing = fields.filter((field) => !field.emSurveys?.length);
  if (missing.length > 0) {
    const names = missing.map((field) => `'${byId.get(field.fieldId)?.name ?? field.fieldId}'`).join(', ');
    throw new HttpError(
      422,
      `${names} ${missing.length === 1 ? 'has' : 'have'} no Rapid-EM survey. Book Rapid-EM, or zone from imagery only.`,
    );
  }
  const surveys: Record<string, Capture> = {};
  for (const field of fields) {
    const newest = field.emSurveys?.[0] as { start: string };
    const survey = await imagery.capture([field], 'sensor_em', newest.start);
    if (!survey) throw notFound(`No Rapid-EM data for this field from ${newest.start}`);
    surveys[field.fieldId] = survey;
  }
  return { kind: 'em', capture, surveys, weights };
}

/** 'NDVI on 3 Sep 2025', 'NDVI over seasons 2023, 2024 (41 clear captures)', in the answer's own words. */
function description(
  kind: ZoningSource,
  query: ZonesRequest,
  algorithm: string,
  captureDate: string,
  answer: ZoningAnswer,
) {
  if (kind === 'seasons') {
    const captures = answer.figures?.[0]?.seasons?.reduce((sum, season) => sum + season.captures, 0) ?? 0;
    const over =
      query.from !== undefined ? `${query.from} to ${query.to}` : `seasons ${(query.seasons ?? []).join(', ')}`;
    return `Productivity: ${algorithm} over ${over}, each clear capture standardised within the field, then averaged (${captures} captures)`;
  }
  if (kind === 'em_imagery') {
    const w = `${query.weight_shallow ?? 1}:${query.weight_deep ?? 1}:${query.weight_index ?? 1}`;
    return `Rapid-EM shallow and deep with ${algorithm} on ${captureDate}, standardised and weighted ${w}`;
  }
  return `${algorithm} on ${captureDate}`;
}

/** The answer without its features (`zoned_image.features` is left empty here). */
function zonesResponse(
  query: ZonesRequest,
  resolutionM: number,
  captureDate: string,
  answer: ZoningAnswer,
  kind: ZoningSource,
): ZoningZonesResponse {
  const fields = answer.fields;
  const figuresOf = new Map((answer.figures ?? []).map((figures) => [figures.fieldId, figures]));
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
  // What the zones were made of, area-weighted over the fields.
  const byDate = new Map<string, number>();
  let neighbours = 0;
  for (const field of fields) {
    const weight = totalArea ? field.areaHa / totalArea : 0;
    for (const { date, percent } of field.sources) {
      if (date === null) neighbours += percent * weight;
      else byDate.set(date, (byDate.get(date) ?? 0) + percent * weight);
    }
  }
  const stabilityOf = (fieldId: string) => figuresOf.get(fieldId)?.stability;
  const stable = fields.map((field) => stabilityOf(field.fieldId)).filter((entry) => entry !== undefined);
  const overallStability =
    stable.length > 0 && stable.every((entry) => entry.seasons.length >= 2)
      ? Array.from({ length: query.zones }, (_, index) => {
          const zone = index + 1;
          let weight = 0;
          let share = 0;
          const cvs: number[] = [];
          for (const field of fields) {
            const figures = stabilityOf(field.fieldId)?.zones[index];
            const pixels = field.zones[index]?.pixelCount ?? 0;
            if (!figures) continue;
            weight += pixels;
            share += figures.stableShare * pixels;
            if (figures.cv !== null) cvs.push(figures.cv);
          }
          return {
            zone,
            stable_share: round4(weight ? share / weight : 0),
            cv: cvs.length ? round4(cvs.reduce((a, b) => a + b, 0) / cvs.length) : null,
          };
        })
      : undefined;
  const extras = (fieldId: string) => {
    const figures = figuresOf.get(fieldId);
    if (!figures) return {};
    const { seasons, stability, correlations } = figures;
    return {
      ...(seasons ? { seasons } : {}),
      ...(stability && stability.seasons.length >= 2
        ? {
            stability: {
              seasons: stability.seasons,
              zones: stability.zones.map((zone) => ({
                zone: zone.zone,
                stable_share: round4(zone.stableShare),
                cv: zone.cv === null ? null : round4(zone.cv),
              })),
              image: `data:image/png;base64,${stability.png}`,
              extent_3857: stability.extent3857,
            },
          }
        : {}),
      ...(correlations
        ? {
            correlations: {
              shallow_deep: figure(correlations.shallowDeep),
              shallow_index: figure(correlations.shallowIndex),
              deep_index: figure(correlations.deepIndex),
            },
          }
        : {}),
    };
  };
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
        sources: field.sources,
        ...extras(field.fieldId),
      })),
      ...(overallStability ? { stability: overallStability } : {}),
    },
    made_from: {
      source: kind,
      description: description(kind, query, query.algorithm, captureDate, answer),
      captures: [...byDate.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, percent]) => ({ date, percent: Math.round(percent * 10) / 10 })),
      filled_from_neighbours_percent: Math.round(neighbours * 10) / 10,
    },
  };
}
