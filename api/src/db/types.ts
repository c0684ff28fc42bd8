import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column: read as parsed JSON, written as a JSON string. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface AccountsTable {
  id: Generated<string>;
  /** The identity provider's subject (`sub` of the access token). */
  sub: string;
  /** The sign-in e-mail, refreshed from every token. */
  login_email: string | null;
  email_verified: Generated<boolean>;
  /** The contact e-mail from the profile form (may differ from the sign-in e-mail). */
  contact_email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  company: string | null;
  street: string | null;
  suburb: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  post_code: string | null;
  user_type: string | null;
  /** When contact details were first saved; null = "no contact details yet" (GET answers 404). */
  contact_saved_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  terms_accepted_version: string | null;
  tier: Generated<'basic' | 'premium'>;
  /** Explicit feature-flag settings by key; a missing key follows the tier. */
  feature_flags: Json<Record<string, boolean>>;
  payments: Json<string[]>;
  /** The verified e-mail whose farm invitations were last bound to this account; null = none yet. */
  farm_access_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** An e-mail change waiting for the new address's verification (migration 0028). */
  pending_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the account last took a new e-mail from the identity provider; older tokens' e-mail claims are ignored. */
  email_changed_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_on: Timestamp;
  updated_on: Timestamp;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  account_id: string;
  status: string;
  provider: string;
  provider_ref: string | null;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_on: Timestamp;
  updated_on: Timestamp;
  /** The first year's payment (migration 0027). */
  payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The open or last renewal payment. */
  renewal_payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The account's customer at the provider (saved card, billing portal). */
  customer_ref: ColumnType<string | null, string | null | undefined, string | null>;
  started_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The first year's list price and the discount taken off it, cents before GST, as sold (migration 0091). */
  list_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  discount_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The one row of Advanced pricing (migration 0027): cents before GST, GST percent, an optional offer. */
export interface SubscriptionSettingsTable {
  id: Generated<boolean>;
  product_ref: string;
  plan_name: string;
  base_price_cents: number;
  /** numeric: read as a string by both drivers. */
  tax_rate: ColumnType<string, string | number, string | number>;
  discount_amount: ColumnType<string | null, string | number | null, string | number | null>;
  discount_denomination: 'aud_cents' | 'percent' | null;
  discount_expires: ColumnType<Date | null, Date | string | null, Date | string | null>;
  renewal_lead_days: Generated<number>;
  updated_on: Timestamp;
}

/** An account's customer at a payment provider. */
export interface PaymentCustomersTable {
  account_id: string;
  provider: string;
  customer_ref: string;
  created_on: Timestamp;
}

/** The test provider's customers and billing-portal sessions (unix seconds). */
export interface TestCustomersTable {
  id: string;
  email: string | null;
  metadata: ColumnType<Record<string, string>, string, string>;
  payment_method: string | null;
  default_payment_method: string | null;
  card: ColumnType<unknown, string | null, string | null>;
  created: ColumnType<string, number, number>;
}

export interface TestPortalSessionsTable {
  id: string;
  customer: string;
  return_url: string;
  created: ColumnType<string, number, number>;
  expires: ColumnType<string, number, number>;
}

/** A nullable column that may be left out on insert. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface FarmsTable {
  id: Generated<string>;
  owner_id: string;
  name: string;
  /** Denormalised from the fields, kept true in the same transaction as every field change. */
  number_of_fields: Generated<number>;
  /** Hectares (sum of the fields' geodesic areas). */
  farm_area: Generated<number>;
  /** Bounding box of all fields; null with no fields. */
  min_lon: Optional<number>;
  min_lat: Optional<number>;
  max_lon: Optional<number>;
  max_lat: Optional<number>;
  /** 'near Wagga Wagga, NSW' or 'lat, lon', from the fields; null with no fields. */
  location: Optional<string>;
  seeded: Generated<boolean>;
  created_on: Timestamp;
  updated_on: Timestamp;
}

export interface FieldsTable {
  id: Generated<string>;
  farm_id: string;
  /** Insertion order (bigint, read as a string). */
  seq: Generated<string>;
  name: string;
  crop_type: Optional<string>;
  /** GeoJSON Polygon or MultiPolygon, as sent. */
  geometry: Json<AreaGeometryJson>;
  /** Hectares, geodesic, computed by the api. */
  area: number;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  created_on: Timestamp;
  updated_on: Timestamp;
}

/** The stored geometry (the shared `AreaGeometry`, kept loose here so the db layer does not depend on zod). */
export interface AreaGeometryJson {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: unknown;
}

export interface FarmMembersTable {
  farm_id: string;
  /** Lower-cased. */
  email: string;
  permission: 'editor' | 'viewer';
  /** The account holding this e-mail (verified); null while the invitation is pending. */
  account_id: Optional<string>;
  /** Who sent the invitation (null for memberships older than invitation e-mails, or a deleted sharer). */
  invited_by: Optional<string>;
  /** A pending invitation past this is expired: it binds no account and its link is refused. */
  invitation_expires_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** SHA-256 of the single-use token the invitation e-mail carries; null once used or bound. */
  invitation_token_hash: Optional<string>;
  created_on: Timestamp;
  updated_on: Timestamp;
}

/** The dev mailbox (embedded e-mail transport, development only). */
export interface DevMailTable {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  created_on: Generated<Date>;
}

export interface FarmFavouritesTable {
  account_id: string;
  farm_id: string;
  created_on: Timestamp;
}

/** A delivered high-resolution capture of a field (filled by the orders plugin). */
export interface HighResCapturesTable {
  field_id: string;
  /** A `date` column: read it with to_char (drivers turn dates into local-time Date objects). */
  captured_on: ColumnType<Date | string, string, string>;
  created_at: Timestamp;
}

/** A field's Rapid-EM survey window (inclusive days); the sensor_em layer lists exactly these. */
export interface EmSurveysTable {
  field_id: string;
  /** `date` columns: read them with to_char. */
  start_date: ColumnType<Date | string, string, string>;
  end_date: ColumnType<Date | string, string, string>;
  created_at: Generated<Date>;
}

/** A payment of one thing (`purpose`) by card (a provider's PaymentIntent) or by invoice. Cents, AUD. */
export interface PaymentsTable {
  id: Generated<string>;
  account_id: string;
  purpose: string;
  method: 'card' | 'invoice';
  provider: Optional<string>;
  provider_ref: Optional<string>;
  client_secret: Optional<string>;
  status: Generated<'open' | 'paid' | 'canceled'>;
  intent_status: Optional<string>;
  /** Unix seconds of the provider event that set `intent_status` (older events don't overwrite it). */
  intent_event_created: ColumnType<string | null, number | null | undefined, number | null>;
  amount_cents: number;
  gst_cents: Generated<number>;
  currency: Generated<string>;
  invoice_number: Optional<string>;
  last_error: Optional<string>;
  created_on: Timestamp;
  updated_on: Timestamp;
  paid_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The thing bought (`cart:<account>`, `em_booking:<reservation>`...): at most one open payment per key. */
  purchase_key: Optional<string>;
  /** What exactly was priced: a repeat with the same signature is answered with the same payment. */
  purchase_signature: Optional<string>;
  /** The provider customer billed (subscriptions), part of the intent's parameters. */
  customer_ref: Optional<string>;
  setup_future_usage: Optional<string>;
  /** The intent of this (given up) payment is known to be closed at the provider, or never existed. */
  intent_closed: Generated<boolean>;
}

export interface PaymentRefundsTable {
  payment_id: string;
  provider: string;
  intent_ref: string;
  amount_cents: number;
  reason: string;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  refund_ref: Optional<string>;
  last_error: Optional<string>;
  created_on: Timestamp;
  refunded_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface TestPaymentRefundsTable {
  id: string;
  payment_intent: string;
  amount: number;
  reason: string | null;
  metadata: ColumnType<Record<string, string>, string | undefined, string>;
  created: ColumnType<string, number, number>;
}

export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  payment_ref: string | null;
  event_created: ColumnType<string, number, number>;
  received_on: Timestamp;
  /** null = taken in; 'refused' = verified but not applied (mismatch), with `note` saying why. */
  outcome: Optional<string>;
  note: Optional<string>;
}

export interface CartItemsTable {
  id: Generated<string>;
  account_id: string;
  item_type: 'zoning' | 'stack';
  farm_id: string;
  details: ColumnType<unknown, string, string>;
  area_ha: number;
  price_cents: number;
  payment_id: Optional<string>;
  created_on: Timestamp;
}

export interface ZoningOrdersTable {
  id: Generated<string>;
  account_id: string;
  farm_id: string;
  payment_id: string;
  cart_item_id: string;
  status: 'pending' | 'paid';
  algorithm: string;
  catalog_entry: string;
  num_zones: number;
  zone_resolution: number;
  fields: ColumnType<string[], string, string>;
  zones: ColumnType<unknown, string, string>;
  area_ha: number;
  price_cents: number;
  download_key: Optional<string>;
  created_on: Timestamp;
  paid_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One zoning export zip (migration 0011): made once by the `zoning.export` job, kept in storage. */
export interface ZoningExportsTable {
  id: Generated<string>;
  order_id: string;
  /** SHA-256 (hex) of what the zip is made from. */
  digest: string;
  unified: boolean;
  status: Generated<'pending' | 'ready'>;
  storage_key: string | null;
  file_name: string | null;
  size_bytes: number | null;
  created_at: Generated<Timestamp>;
  ready_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The embedded test payment provider's own state (`payments/test-provider`). Times are unix seconds. */
export interface TestPaymentIntentsTable {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  description: string | null;
  metadata: ColumnType<Record<string, string>, string, string>;
  payment_method: ColumnType<unknown, string | null, string | null>;
  last_payment_error: ColumnType<unknown, string | null, string | null>;
  next_action: ColumnType<unknown, string | null, string | null>;
  latest_charge: string | null;
  created: ColumnType<string, number, number>;
  canceled_at: ColumnType<string | null, number | null, number | null>;
  cancellation_reason: string | null;
  customer: ColumnType<string | null, string | null | undefined, string | null>;
  setup_future_usage: ColumnType<string | null, string | null | undefined, string | null>;
  /** The card to keep for the customer once 3-D Secure is passed (migration 0043). */
  card_to_save: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface TestPaymentRequestsTable {
  idempotency_key: string;
  operation: string;
  params_hash: string;
  status_code: number;
  response: ColumnType<unknown, string, string>;
  created: ColumnType<string, number, number>;
}

export interface TestPaymentChargesTable {
  id: string;
  payment_intent: string;
  amount: number;
  created: ColumnType<string, number, number>;
}

export interface TestWebhookOutboxTable {
  id: string;
  seq: Generated<string>;
  type: string;
  payload: string;
  created: ColumnType<string, number, number>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  delivered_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
}

/** The whole schema as Kysely sees it. Later plugins add their tables here. */
export type JobState = 'pending' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<string>;
  kind: string;
  payload: Json<unknown>;
  dedupe_key: string | null;
  state: Generated<JobState>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  locked_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface ProcessedEventsTable {
  source: string;
  event_id: string;
  processed_at: Timestamp;
}

export interface ThrottleHitsTable {
  id: Generated<string>;
  bucket: string;
  hit_at: Timestamp;
}

/** Subjects of deleted accounts: their tokens get 401 (`plugins/accounts/service.ts`). */
/** Accounts whose demo farm was seeded (migration 0005): seeded once. */
export interface DemoSeedsTable {
  account_id: string;
  seeded_on: Generated<Date>;
}

export interface DeletedAccountsTable {
  sub: string;
  deleted_on: Generated<Date>;
}

/** Rapid-EM machines (seeded settings, migration 0040). */
export interface EmMachinesTable {
  id: string;
  name: string;
  position: Generated<number>;
  active: Generated<boolean>;
}

/** The one row of Rapid-EM prices: upfront fee in cents (before GST) and the GST rate in percent. */
export interface EmSettingsTable {
  id: Generated<boolean>;
  minimum_fee_cents: number;
  /** numeric: read as a string by both drivers. */
  tax_rate: ColumnType<string, string | number, string | number>;
}

/** A date column: the drivers' Date parsing would shift days, so it is read as text (`::text`) only. */
type DateColumn = ColumnType<string, string, string>;

export interface EmReservationsTable {
  id: Generated<string>;
  account_id: string;
  machine_id: string;
  start_date: DateColumn;
  end_date: DateColumn;
  status: ColumnType<
    'held' | 'booked' | 'confirmed' | 'expired',
    'held' | 'booked' | 'confirmed' | 'expired' | undefined
  >;
  expires_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  first_name: Optional<string>;
  last_name: Optional<string>;
  company_name: Optional<string>;
  address1: Optional<string>;
  address2: Optional<string>;
  city: Optional<string>;
  state: Optional<string>;
  country: Optional<string>;
  post_code: Optional<string>;
  payment_id: Optional<string>;
  amount_cents: Optional<number>;
  booked_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_on: Timestamp;
}

/** A product of high-resolution imagery orders (spec 3 §3), seeded by migration 0022. */
export interface ProductsTable {
  id: string;
  title: string;
  position: number;
  enabled: Generated<boolean>;
  unit: Generated<string>;
  resolution_cm: number;
  description: string;
  suggestions: Json<string[]>;
  captures: Json<ProductCaptureJson[]>;
  default_number_of_captures: number;
  fixed_range: ColumnType<{ start: string; end: string } | null, string | null | undefined, string | null>;
  free: Generated<boolean>;
  countries: Json<string[]>;
}

/** One capture package of a product: cents (GST exclusive), hectares, months. */
export interface ProductCaptureJson {
  unit_price: number;
  unit_price_currency?: 'aud';
  min_price: number;
  minimum_cluster_area: number;
  number_of_captures: number;
  minimum_months: number;
}

export interface OrderInvoiceCounterTable {
  id: Generated<boolean>;
  last_number: number;
}

/** A field as it was priced into an order. */
export interface OrderFieldJson {
  id: string;
  farm_id: string;
  farm_name: string;
  field_name: string;
  field_crop_type: string | null;
  area: number;
  bbox: [number, number, number, number];
  geometry: AreaGeometryJson;
}

export type ImageryOrderStatus = 'submitted' | 'pending' | 'processing' | 'done' | 'cancelled' | 'purchased';

export interface ImageryOrdersTable {
  id: Generated<string>;
  account_id: string;
  product_id: string;
  product_title: string;
  status: ImageryOrderStatus;
  payment_method: 'stripe' | 'invoice';
  payment_id: Optional<string>;
  invoice_number: string;
  subtotal_cents: number;
  gst_cents: number;
  total_cents: number;
  total_product_unit: number;
  billable_hectares: number;
  minimum_pricing: boolean;
  number_of_captures: number;
  capture_package: Json<ProductCaptureJson>;
  start_capture_date: DateColumn;
  end_capture_date: DateColumn;
  field_ids: Json<string[]>;
  fields: Json<OrderFieldJson[]>;
  first_name: string;
  last_name: string;
  email: Optional<string>;
  phone_number: Optional<string>;
  company: Optional<string>;
  street: string;
  suburb: string;
  state: string;
  post_code: string;
  country: string;
  created_on: Timestamp;
  updated_on: Timestamp;
}

export interface OrderDocumentsTable {
  id: Generated<string>;
  order_id: string;
  kind: 'tax_receipt' | 'tax_invoice';
  invoice_number: string;
  paper: 'a4' | 'legal';
  pdf: Uint8Array;
  issued_on: Timestamp;
}

/** A tax document of a purchase other than an imagery order (migration 0050); `pdf` null until rendered. */
export interface TaxDocumentsTable {
  id: Generated<string>;
  payment_id: string;
  account_id: string;
  purpose: string;
  kind: 'tax_receipt' | 'tax_invoice';
  invoice_number: string;
  pdf: Uint8Array | null;
  issued_on: Timestamp;
}

/** A field's season (migration 0067): at most one current per field; its crop is the field's crop type. */
export interface FieldSeasonsTable {
  id: Generated<string>;
  field_id: string;
  crop: Optional<string>;
  variety: Optional<string>;
  /** `date` columns, read as `YYYY-MM-DD` text by the queries that select them. */
  sowing_date: Optional<string>;
  harvest_date: Optional<string>;
  notes: Optional<string>;
  is_current: Generated<boolean>;
  created_on: Timestamp;
  updated_on: Timestamp;
}

/** One weather grid cell of one source (migration 0068): when it was fetched, and the last attempt. */
export interface WeatherCellsTable {
  source: string;
  cell: string;
  lat: number;
  lon: number;
  fetched_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  attempted_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: Optional<string>;
  attribution: Optional<string>;
  licence: Optional<string>;
  licence_url: Optional<string>;
}

/** One day of a cell's weather (°C, mm). */
export interface WeatherDaysTable {
  source: string;
  cell: string;
  day: string;
  tmin: number;
  tmax: number;
  rain: number;
  et: Optional<number>;
  forecast: Generated<boolean>;
}

/** Change alerts per farm (issue 30; migration 0071). Written by the alerts plugin. */
export interface FarmAlertSettingsTable {
  farm_id: string;
  enabled: boolean;
  mean_drop: number;
  percent_down: number;
  max_cloud_percent: number;
  audiences: string[];
  updated_on: Generated<Date>;
}

/** How far the change scan has looked at a field's captures, and its last clear one. */
export interface FieldAlertChecksTable {
  field_id: string;
  /** `YYYY-MM-DD`: captures up to this day were looked at. */
  checked_through: ColumnType<Date | string, string, string>;
  last_clear_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
  updated_on: Generated<Date>;
}

/** One per field and capture: a drop the scan found. */
export interface ChangeAlertsTable {
  id: Generated<string>;
  field_id: string;
  farm_id: string;
  algorithm: string;
  earlier_date: ColumnType<Date | string, string, string>;
  later_date: ColumnType<Date | string, string, string>;
  mean_change: number;
  percent_down: number;
  created_on: Generated<Date>;
}

/**
 * A change alert or a scouting note's follow-up told to one person (exactly one of `alert_id` and
 * `scouting_note_id`), with its read and e-mailed state. Written by the notifications plugin.
 */
export interface NotificationsTable {
  id: Generated<string>;
  account_id: string;
  alert_id: string | null;
  scouting_note_id: string | null;
  read_on: ColumnType<Date | null, Date | null | undefined, Date | null>;
  emailed_on: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_on: Generated<Date>;
}

export interface NotificationPreferencesTable {
  account_id: string;
  email_digest: boolean;
  updated_on: Generated<Date>;
}

/** A scouting note (issue 31): the revision shown, with the columns its filters use. */
export interface ScoutingNotesTable {
  id: Generated<string>;
  farm_id: string;
  idempotency_key: string;
  author_id: string | null;
  field_id: string | null;
  category: string;
  /** ISO date (read as a string). */
  observed_on: DateColumn;
  follow_up_assignee_id: string | null;
  /** The shown revision's content (the shared `ScoutingNoteContent`). */
  content: Json<unknown>;
  shown_revision_id: string | null;
  revisions: Generated<number>;
  created_on: Timestamp;
  updated_on: Timestamp;
}

export interface ScoutingNoteRevisionsTable {
  id: Generated<string>;
  /** Arrival order (bigint, read as a string). */
  seq: Generated<string>;
  note_id: string;
  idempotency_key: string;
  author_id: string | null;
  client_updated_on: ColumnType<Date, Date | string, Date | string>;
  content: Json<unknown>;
  received_on: Timestamp;
}

export interface ScoutingPhotosTable {
  id: Generated<string>;
  note_id: string;
  idempotency_key: string;
  author_id: string | null;
  content_type: string;
  size: number;
  received: Generated<number>;
  /** Chunks stored so far (each a storage part until the photo is complete). */
  parts: Generated<number>;
  width: number | null;
  height: number | null;
  complete: Generated<boolean>;
  created_on: Timestamp;
}

export interface Database {
  accounts: AccountsTable;
  deleted_accounts: DeletedAccountsTable;
  demo_seeds: DemoSeedsTable;
  subscriptions: SubscriptionsTable;
  subscription_settings: SubscriptionSettingsTable;
  payment_customers: PaymentCustomersTable;
  test_customers: TestCustomersTable;
  test_portal_sessions: TestPortalSessionsTable;
  farms: FarmsTable;
  fields: FieldsTable;
  farm_members: FarmMembersTable;
  dev_mail: DevMailTable;
  farm_favourites: FarmFavouritesTable;
  high_res_captures: HighResCapturesTable;
  em_surveys: EmSurveysTable;
  jobs: JobsTable;
  processed_events: ProcessedEventsTable;
  throttle_hits: ThrottleHitsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payment_refunds: PaymentRefundsTable;
  test_payment_refunds: TestPaymentRefundsTable;
  cart_items: CartItemsTable;
  zoning_orders: ZoningOrdersTable;
  zoning_exports: ZoningExportsTable;
  test_payment_intents: TestPaymentIntentsTable;
  test_payment_requests: TestPaymentRequestsTable;
  test_payment_charges: TestPaymentChargesTable;
  test_webhook_outbox: TestWebhookOutboxTable;
  em_machines: EmMachinesTable;
  em_settings: EmSettingsTable;
  em_reservations: EmReservationsTable;
  products: ProductsTable;
  order_invoice_counter: OrderInvoiceCounterTable;
  imagery_orders: ImageryOrdersTable;
  order_documents: OrderDocumentsTable;
  tax_documents: TaxDocumentsTable;
  field_seasons: FieldSeasonsTable;
  weather_cells: WeatherCellsTable;
  weather_days: WeatherDaysTable;
  farm_alert_settings: FarmAlertSettingsTable;
  field_alert_checks: FieldAlertChecksTable;
  change_alerts: ChangeAlertsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  scouting_notes: ScoutingNotesTable;
  scouting_note_revisions: ScoutingNoteRevisionsTable;
  scouting_photos: ScoutingPhotosTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type FarmRow = Selectable<FarmsTable>;
export type NewFarm = Insertable<FarmsTable>;
export type FieldRow = Selectable<FieldsTable>;
export type NewField = Insertable<FieldsTable>;
export type FieldUpdate = Updateable<FieldsTable>;
export type FarmMemberRow = Selectable<FarmMembersTable>;

/** A database handle; a transaction is one too, so rules that may run inside one take `Db`. */
export type Db = Kysely<Database>;
/** A transaction, for rules that must run inside one. */
export type Trx = Transaction<Database>;
