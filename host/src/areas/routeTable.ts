import type { RemoteName } from '@paddock/shared/contracts';

export interface Area {
  remote: RemoteName;
  /** How the area is named to the user when something goes wrong. */
  label: string;
  routes: RegExp[];
}

const id = '[^/]+';
const optionalSlash = '/?$';

/** Spec 1 §2.1 and spec 3 §2.1: every route of the product and the area that owns it. */
export const areas: Area[] = [
  {
    remote: 'mf_account',
    label: 'Your account',
    routes: [
      /^\/$/,
      new RegExp(`^/dashboard${optionalSlash}`),
      new RegExp(`^/getting-started(/profile-setup|/terms-and-conditions)?${optionalSlash}`),
      new RegExp(`^/settings${optionalSlash}`),
      new RegExp(`^/store(/high-resolution-imagery)?${optionalSlash}`),
      new RegExp(`^/advanced(/${id})?${optionalSlash}`),
      new RegExp(`^/products-and-guides${optionalSlash}`),
    ],
  },
  {
    remote: 'mf_farms',
    label: 'Farms & Fields',
    routes: [new RegExp(`^/farms${optionalSlash}`), new RegExp(`^/farms/${id}/details${optionalSlash}`)],
  },
  {
    remote: 'mf_map',
    label: 'The farm map',
    routes: [new RegExp(`^/farms/${id}${optionalSlash}`)],
  },
  {
    remote: 'mf_commerce',
    label: 'Orders and payments',
    routes: [
      new RegExp(`^/order(/high-resolution-imagery)?${optionalSlash}`),
      new RegExp(`^/order-review/${id}(/${id})?${optionalSlash}`),
      new RegExp(`^/pay/${id}${optionalSlash}`),
      new RegExp(`^/rapid-em-booking(/${id})?${optionalSlash}`),
      new RegExp(`^/payment${optionalSlash}`),
    ],
  },
];

export const isAreaActive = (area: Area, pathname: string): boolean => area.routes.some((re) => re.test(pathname));

export const areaForPath = (pathname: string): Area | undefined => areas.find((area) => isAreaActive(area, pathname));
