import { createAreaApiClient, type AreaApiOptions } from '@paddock/shared/api-client';
import {
  compareStatisticsResponseSchema,
  type CompareAlgorithm,
  type CompareStatisticsResponse,
} from '@paddock/shared/contracts';

export interface DifferenceRequest {
  fieldIds: readonly string[];
  algorithm: CompareAlgorithm;
  earlierDate: string;
  laterDate: string;
}

/** What the compare view asks of the API (issue 30): the statistics of two dates and their difference layer. */
export interface CompareApi {
  statistics(request: DifferenceRequest): Promise<CompareStatisticsResponse>;
  /** The absolute XYZ template of the difference layer's PNG tiles (fetched with the bearer token). */
  differenceTemplate(request: DifferenceRequest): string;
}

export function createCompareApi(options: AreaApiOptions): CompareApi {
  const { config, getToken, fetch: fetchImpl } = options;
  const api = createAreaApiClient({ config, getToken, fetch: fetchImpl });
  const root = config.apiUrl.endsWith('/') ? config.apiUrl : `${config.apiUrl}/`;
  const fieldQuery = (ids: readonly string[]) => new URLSearchParams(ids.map((id) => ['field_ids', id])).toString();
  return {
    statistics: ({ fieldIds, algorithm, earlierDate, laterDate }) =>
      api.get(`compare/${algorithm}/statistics.json`, compareStatisticsResponseSchema, {
        field_ids: [...fieldIds],
        earlier_date: earlierDate,
        later_date: laterDate,
      }),
    differenceTemplate: ({ fieldIds, algorithm, earlierDate, laterDate }) =>
      `${new URL(`compare/tiles/${algorithm}/${earlierDate}/${laterDate}/`, root).toString()}{z}/{x}/{y}.png?${fieldQuery(fieldIds)}`,
  };
}
