import { patternToRegExp, routeOwners, routesOf, type RemoteName } from '@paddock/shared/contracts';

export interface Area {
  remote: RemoteName;
  /** How the area is named to the user when something goes wrong. */
  label: string;
  routes: RegExp[];
}

/** How each area is named to the user when something goes wrong. */
const labels: Record<RemoteName, string> = {
  mf_account: 'Your account',
  mf_farms: 'Farms & Fields',
  mf_map: 'The farm map',
  mf_commerce: 'Orders and payments',
};

/**
 * Every route of the product and the area that owns it, read from the one route contract
 * (shared/contracts/routes.ts: spec 1 §2.1, spec 2 §2, spec 3 §2.1). Order matters only for
 * overlapping patterns: the farms area (/farms/{id}/details) is asked before the map (/farms/{id}).
 */
export const areas: Area[] = (Object.keys(routeOwners) as RemoteName[]).map((remote) => ({
  remote,
  label: labels[remote],
  routes: routesOf(remote).map(patternToRegExp),
}));

export const isAreaActive = (area: Area, pathname: string): boolean => area.routes.some((re) => re.test(pathname));

export const areaForPath = (pathname: string): Area | undefined => areas.find((area) => isAreaActive(area, pathname));
