import type { Migration } from 'kysely';
import * as m0001 from './0001_accounts';
import * as m0002 from './0002_farms';
import * as m0003 from './0003_imagery';
import * as m0004 from './0004_deleted_accounts';
import * as m0005 from './0005_demo_seeds';
import * as m0008 from './0008_em_surveys';
import * as m0010 from './0010_ellipsoidal_areas';
import * as m0011 from './0011_zoning_exports';
import * as m0015 from './0015_jobs';
import * as m0020 from './0020_payments';
import * as m0021 from './0021_test_payment_provider';
import * as m0022 from './0022_orders';
import * as m0027 from './0027_subscriptions';
import * as m0028 from './0028_pending_email';
import * as m0029 from './0029_email_changed_on';
import * as m0040 from './0040_bookings';
import * as m0041 from './0041_zoning_export_files';
import * as m0042 from './0042_order_document_backfill';
import * as m0043 from './0043_test_payment_pending_card';
import * as m0044 from './0044_farm_invitations';
import * as m0048 from './0048_one_purchase_path';
import * as m0050 from './0050_tax_documents';
import * as m0067 from './0067_field_seasons';
import * as m0068 from './0068_weather';
import * as m0071 from './0071_change_alerts';
import * as m0075 from './0075_scouting_notes';
import * as m0090 from './0090_follow_up_notifications';
import * as m0091 from './0091_subscription_price_parts';
import * as m0092 from './0092_farm_name_search';

/**
 * Every migration, in order. Add a new file `NNNN_name.ts` and list it here; never edit or rename
 * one that has shipped (the name is what the migration table records).
 */
export const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_farms': m0002,
  '0003_imagery': m0003,
  '0004_deleted_accounts': m0004,
  '0005_demo_seeds': m0005,
  '0008_em_surveys': m0008,
  '0010_ellipsoidal_areas': m0010,
  '0011_zoning_exports': m0011,
  '0015_jobs': m0015,
  '0020_payments': m0020,
  '0021_test_payment_provider': m0021,
  '0022_orders': m0022,
  '0027_subscriptions': m0027,
  '0028_pending_email': m0028,
  '0029_email_changed_on': m0029,
  '0040_bookings': m0040,
  '0041_zoning_export_files': m0041,
  '0042_order_document_backfill': m0042,
  '0043_test_payment_pending_card': m0043,
  '0044_farm_invitations': m0044,
  '0048_one_purchase_path': m0048,
  '0050_tax_documents': m0050,
  '0067_field_seasons': m0067,
  '0068_weather': m0068,
  '0071_change_alerts': m0071,
  '0075_scouting_notes': m0075,
  '0090_follow_up_notifications': m0090,
  '0091_subscription_price_parts': m0091,
  '0092_farm_name_search': m0092,
};
