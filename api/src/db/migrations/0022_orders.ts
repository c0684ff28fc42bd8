import { sql, type Kysely } from 'kysely';

// High-resolution imagery orders (spec 3 §2.7–2.10, §3, §4, §9). Products and their capture packages
// are rows seeded here (AUD cents, GST exclusive). An order keeps a snapshot of what was priced (its
// fields with their areas, the capture package) so later edits of a field or a price never change it.
// Invoice numbers come from a one-row counter updated in the order's own transaction: a rolled-back
// order gives its number back, so the numbers have no gaps. A tax document (receipt or invoice) is a
// PDF rendered once and stored; it is never rendered again.

interface SeedCapture {
  unit_price: number;
  min_price: number;
  minimum_cluster_area: number;
  number_of_captures: number;
  minimum_months: number;
}

interface SeedProduct {
  id: string;
  title: string;
  resolution_cm: number;
  description: string;
  suggestions: string[];
  captures: SeedCapture[];
  default_number_of_captures: number;
  fixed_range: { start: string; end: string } | null;
  free: boolean;
  countries: string[];
}

const capture = (
  number_of_captures: number,
  unit_price: number,
  min_price: number,
  minimum_cluster_area: number,
  minimum_months: number,
): SeedCapture => ({ unit_price, min_price, minimum_cluster_area, number_of_captures, minimum_months });

/** 80 cm imagery: 1 to 6 captures over 3 months; each capture costs a little less than the one before. */
const eightyCm = [1, 2, 3, 4, 5, 6].map((n) =>
  capture(n, [0, 600, 1100, 1500, 1900, 2250, 2600][n] as number, n * 40_000, 50, 3),
);

export const seedProducts: SeedProduct[] = [
  {
    id: 'horticulture',
    title: 'Horticulture',
    resolution_cm: 30,
    description:
      'Very high-resolution (30 cm) imagery of orchards, vegetables and berries, priced per hectare with a minimum price and area, over 3 months or more.',
    suggestions: ['Vegetables', 'Berries', 'Orchards', 'Nurseries'],
    captures: [capture(3, 1500, 150_000, 100, 3), capture(6, 2700, 270_000, 100, 6)],
    default_number_of_captures: 3,
    fixed_range: null,
    free: false,
    countries: [],
  },
  {
    id: 'broadacre',
    title: 'Broadacre',
    resolution_cm: 50,
    description:
      'High-resolution (50 cm) imagery for cereal, pulse and oilseed paddocks: up to 3 captures across 6 weeks of the growing season.',
    suggestions: ['Wheat', 'Barley', 'Canola', 'Pulses', 'Cotton'],
    captures: [capture(3, 450, 200_000, 500, 1.5)],
    default_number_of_captures: 3,
    fixed_range: null,
    free: false,
    countries: [],
  },
  {
    id: 'vineyard',
    title: 'Vineyard',
    resolution_cm: 30,
    description:
      'Row-level (30 cm) imagery of vineyards from budburst to harvest, priced per hectare with a minimum price and area.',
    suggestions: ['Wine grapes', 'Table grapes', 'Vigour mapping', 'Selective harvest'],
    captures: [capture(3, 1800, 150_000, 80, 3), capture(5, 2800, 230_000, 80, 5)],
    default_number_of_captures: 3,
    fixed_range: null,
    free: false,
    countries: [],
  },
  {
    id: 'golf-park',
    title: 'Golf & Park',
    resolution_cm: 30,
    description: 'Monthly turf imagery of golf courses, sports grounds and parks at a flat price over 12 months.',
    suggestions: ['Golf courses', 'Sports grounds', 'Parks', 'Racecourses'],
    captures: [capture(12, 0, 480_000, 0, 12)],
    default_number_of_captures: 12,
    fixed_range: null,
    free: false,
    countries: [],
  },
  {
    id: 'tree-crops',
    title: 'Tree crops',
    resolution_cm: 30,
    description:
      'Canopy-level (30 cm) imagery of tree crops, priced per hectare with a minimum price and area, over 3 months or more.',
    suggestions: ['Almonds', 'Macadamias', 'Avocados', 'Citrus', 'Olives'],
    captures: [capture(3, 1600, 150_000, 100, 3)],
    default_number_of_captures: 3,
    fixed_range: null,
    free: false,
    countries: [],
  },
  {
    id: 'high-res-80cm',
    title: '80 cm Resolution Imagery',
    resolution_cm: 80,
    description:
      '80 cm imagery of any field, priced per hectare with a minimum price and a 50 ha minimum area. Choose 1 to 6 captures over 3 months or more.',
    suggestions: ['Crop emergence', 'Weed patches', 'Waterlogging', 'Storm damage'],
    captures: eightyCm,
    default_number_of_captures: 3,
    fixed_range: null,
    free: false,
    countries: [],
  },
  {
    id: 'rice-2-5m',
    title: '2.5m Resolution Imagery',
    resolution_cm: 250,
    description: 'Free 2.5 m imagery of rice crops in Australia for the season from 15 Nov to 15 Jan of the next year.',
    suggestions: ['Rice'],
    captures: [capture(1, 0, 0, 0, 2)],
    default_number_of_captures: 1,
    fixed_range: { start: '11-15', end: '01-15' },
    free: true,
    countries: ['AU'],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table products (
      id text primary key,
      title text not null unique,
      position integer not null,
      enabled boolean not null default true,
      unit text not null default 'ha',
      resolution_cm integer not null,
      description text not null,
      suggestions jsonb not null,
      captures jsonb not null,
      default_number_of_captures integer not null,
      fixed_range jsonb,
      free boolean not null default false,
      countries jsonb not null default '[]'
    )`.execute(db);
  let position = 0;
  for (const product of seedProducts) {
    position += 1;
    await sql`
      insert into products (id, title, position, resolution_cm, description, suggestions, captures,
        default_number_of_captures, fixed_range, free, countries)
      values (${product.id}, ${product.title}, ${position}, ${product.resolution_cm}, ${product.description},
        ${JSON.stringify(product.suggestions)}::jsonb, ${JSON.stringify(product.captures)}::jsonb,
        ${product.default_number_of_captures},
        ${product.fixed_range ? JSON.stringify(product.fixed_range) : null}::jsonb, ${product.free},
        ${JSON.stringify(product.countries)}::jsonb)`.execute(db);
  }

  // The last invoice number given to an order (one row).
  await sql`
    create table order_invoice_counter (
      id boolean primary key default true check (id),
      last_number integer not null check (last_number >= 0)
    )`.execute(db);
  await sql`insert into order_invoice_counter (last_number) values (0)`.execute(db);

  await sql`
    create table imagery_orders (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts (id) on delete cascade,
      product_id text not null references products (id),
      product_title text not null,
      status text not null check (status in ('submitted', 'pending', 'processing', 'done', 'cancelled', 'purchased')),
      payment_method text not null check (payment_method in ('stripe', 'invoice')),
      payment_id uuid references payments (id) on delete set null,
      invoice_number text not null unique,
      subtotal_cents integer not null check (subtotal_cents >= 0),
      gst_cents integer not null check (gst_cents >= 0),
      total_cents integer not null check (total_cents = subtotal_cents + gst_cents),
      total_product_unit double precision not null check (total_product_unit >= 0),
      billable_hectares double precision not null,
      minimum_pricing boolean not null,
      number_of_captures integer not null check (number_of_captures > 0),
      capture_package jsonb not null,
      start_capture_date date not null,
      end_capture_date date not null check (end_capture_date > start_capture_date),
      field_ids jsonb not null,
      fields jsonb not null,
      first_name text not null,
      last_name text not null,
      email text,
      phone_number text,
      company text,
      street text not null,
      suburb text not null,
      state text not null,
      post_code text not null,
      country text not null,
      created_on timestamptz not null default now(),
      updated_on timestamptz not null default now()
    )`.execute(db);
  await sql`create index imagery_orders_account_idx on imagery_orders (account_id, created_on desc)`.execute(db);
  await sql`create index imagery_orders_payment_idx on imagery_orders (payment_id)`.execute(db);

  await sql`
    create table order_documents (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references imagery_orders (id) on delete cascade,
      kind text not null check (kind in ('tax_receipt', 'tax_invoice')),
      invoice_number text not null,
      paper text not null check (paper in ('a4', 'legal')),
      pdf bytea not null,
      issued_on timestamptz not null default now(),
      unique (order_id, kind)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table order_documents`.execute(db);
  await sql`drop table imagery_orders`.execute(db);
  await sql`drop table order_invoice_counter`.execute(db);
  await sql`drop table products`.execute(db);
}
