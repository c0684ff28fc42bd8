import type {
  FarmFeature,
  FieldFeature,
  OrderDetail,
  OrderDocument,
  OrderStatus,
  Product,
  ProductCapture,
} from '@paddock/shared/contracts';

const ID = (n: number) => `${String(n).padStart(8, '0')}-aaaa-4bbb-8ccc-000000000000`;

/** A tax document as the API lists it on an order. */
export function makeDocument(orderId: string, kind: OrderDocument['kind'] = 'tax_receipt'): OrderDocument {
  return {
    id: `doc-${kind}`,
    kind,
    title: kind === 'tax_receipt' ? 'Tax Receipt' : 'Tax Invoice',
    invoice_number: 'INV-000042',
    paper: kind === 'tax_receipt' ? 'a4' : 'legal',
    issued_on: '2026-11-20T01:00:00Z',
    url: `/v2/orders/${orderId}/documents/doc-${kind}`,
    file_name: `${kind}-INV-000042.pdf`,
  };
}

/** An order as GET v2/orders/{id} answers it (its list rows are the same without fields/documents). */
export function makeOrder(n: number, overrides: Partial<OrderDetail> = {}): OrderDetail {
  const status: OrderStatus = overrides.status ?? 'submitted';
  const id = overrides.id ?? ID(n);
  return {
    id,
    status,
    created_on: '2026-11-20T01:00:00Z',
    updated_on: '2026-11-20T01:00:00Z',
    product_id: 'p-80cm',
    product_title: '80 cm Resolution Imagery',
    payment_method: 'stripe',
    order_subtotal: 100_000,
    gst: 10_000,
    order_total: 110_000,
    currency: 'aud',
    first_name: 'Jo',
    last_name: 'Grower',
    email: 'jo@example.com',
    street: '1 Long Paddock Rd',
    suburb: 'Wagga Wagga',
    state: 'NSW',
    post_code: '2650',
    country: 'AU',
    total_product_unit: 120.5,
    minimum_hectare_requirements_pricing: false,
    start_capture_date: '2026-12-01',
    end_capture_date: '2027-03-01',
    specification: { config: { number_of_captures: 3 }, field_ids: ['f1', 'f2'] },
    order_pricing: { subtotal: 100_000 },
    payment_id: 'pay-1',
    payment_status: 'paid',
    awaiting_payment: false,
    fields: [
      {
        id: 'f1',
        farm_id: 'farm-1',
        farm_name: 'River Farm',
        field_name: 'North Paddock',
        field_crop_type: 'Wheat',
        area: 70.25,
        bbox: [147.3, -35.1, 147.31, -35.09],
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [147.3, -35.1],
              [147.31, -35.1],
              [147.31, -35.09],
              [147.3, -35.09],
              [147.3, -35.1],
            ],
          ],
        },
      },
      {
        id: 'f2',
        farm_id: 'farm-1',
        farm_name: 'River Farm',
        field_name: 'Creek Flat',
        field_crop_type: null,
        area: 50.25,
        bbox: [147.32, -35.1, 147.33, -35.09],
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [147.32, -35.1],
              [147.33, -35.1],
              [147.33, -35.09],
              [147.32, -35.09],
              [147.32, -35.1],
            ],
          ],
        },
      },
    ],
    documents: [],
    document: null,
    document_pending: false,
    ...overrides,
  };
}

const capture = (number_of_captures: number, minimum_months: number, unit_price = 1_500, min_price = 50_000) =>
  ({
    unit_price,
    unit_price_currency: 'aud',
    min_price,
    minimum_cluster_area: 50,
    number_of_captures,
    minimum_months,
  }) satisfies ProductCapture;

const product = (
  id: string,
  title: string,
  captures: ProductCapture[],
  extra: Partial<Product['config']> = {},
  details = { description: `${title} imagery.`, suggestion: ['Any crop'] },
): Product => ({
  id,
  title,
  enabled: true,
  unit_min: 50,
  unit: 'ha',
  resolution_cm: 30,
  details,
  config: {
    captures,
    default_number_of_captures: captures.some((c) => c.number_of_captures === 3) ? 3 : captures[0]!.number_of_captures,
    fixed_range: null,
    free: false,
    countries: [],
    ...extra,
  },
});

export const products: Product[] = [
  product(
    'p-hort',
    'Horticulture',
    [capture(4, 3)],
    {},
    {
      description: 'Per-hectare imagery for orchards and vegetables.',
      suggestion: ['Citrus', 'Vegetables'],
    },
  ),
  product(
    'p-broad',
    'Broadacre',
    [capture(3, 1.5, 500, 30_000)],
    {},
    {
      description: 'Up to 3 captures across 6 weeks.',
      suggestion: ['Wheat', 'Canola'],
    },
  ),
  {
    ...product('p-80cm', '80 cm Resolution Imagery', [capture(1, 1, 800), capture(3, 3, 2_000), capture(6, 6, 3_600)]),
    resolution_cm: 80,
  },
  {
    ...product('p-rice', '2.5m Resolution Imagery', [capture(4, 2, 0, 0)], {
      fixed_range: { start: '11-15', end: '01-15' },
      free: true,
      countries: ['AU'],
    }),
    resolution_cm: 250,
  },
];

/** A farm as GET v2/farms lists it. */
export function makeFarmFeature(farmId: string, name: string, fields = 2): FarmFeature {
  return {
    type: 'Feature',
    id: farmId,
    geometry: null,
    bbox: null,
    properties: {
      farm_id: farmId,
      farm_name: name,
      is_favorite: false,
      collaborators: [],
      number_of_fields: fields,
      farm_area: 120.5,
      location: null,
      owner_email: null,
      permission: 'owner',
      created_on: '2026-01-01T00:00:00Z',
      updated_on: '2026-01-01T00:00:00Z',
    },
  };
}

/** A field as GET v2/farms/{id}/fields lists it: a small square near Wagga Wagga. */
export function makeFieldFeature(id: string, farmId: string, name: string, area: number): FieldFeature {
  const x = 147.3;
  const y = -35.1;
  return {
    type: 'Feature',
    id,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [x, y],
          [x + 0.01, y],
          [x + 0.01, y + 0.01],
          [x, y + 0.01],
          [x, y],
        ],
      ],
    },
    bbox: [x, y, x + 0.01, y + 0.01],
    properties: {
      id,
      farm_id: farmId,
      field_name: name,
      field_crop_type: null,
      area,
      permission: 'owner',
      created_on: '2026-01-01T00:00:00Z',
      updated_on: '2026-01-01T00:00:00Z',
    },
  };
}

/** Pages of farms as the API answers GET v2/farms (skip, limit, search_query). */
export function farmsRoute(farms: FarmFeature[]) {
  return (request: { url: string }) => {
    const query = new URL(request.url).searchParams;
    const skip = Number(query.get('skip') ?? 0);
    const limit = Number(query.get('limit') ?? 10);
    const search = query.get('search_query');
    const rows = search ? farms.filter((farm) => farm.properties.farm_name.toLowerCase().includes(search)) : farms;
    return {
      status: 200,
      body: {
        type: 'FeatureCollection',
        features: rows.slice(skip, skip + limit),
        pages: { total_pages: Math.ceil(rows.length / limit), total_count: rows.length, skip, limit },
      },
    };
  };
}
