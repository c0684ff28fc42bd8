import { parseCommandLine, readCommand, UsageError, type CliIo } from './args';
import {
  apiErrorBodySchema,
  orderResponseSchema,
  orderStatusLabels,
  paymentResponseSchema,
  featureFlagKeys,
  profileResponseSchema,
  type AdminAccountRequest,
  type AdminOrderStatusRequest,
  type FeatureFlagKey,
  type OrderResponse,
  type Payment,
  type Profile,
} from '@paddock/shared/contracts';
import type { z } from 'zod';
import { DEFAULT_AUDIENCE, DEFAULT_ISSUER } from '../config';
import { DEVELOPMENT_ADMIN_CLIENT_SECRET, isProduction } from '../production';

export const ADMIN_CLIENT_ID = 'paddock-admin-cli';
export const DEFAULT_ADMIN_CLIENT_SECRET = DEVELOPMENT_ADMIN_CLIENT_SECRET;
export const DEFAULT_API_URL = 'http://localhost:4000';

export const USAGE = `Usage: npm run admin -w api -- --email <email> [--tier basic|premium] [--flag <key>=on|off ...] [--payments invoice|none]
       npm run admin -w api -- --mark-paid <invoice number or payment id>
       npm run admin -w api -- --order <order id> --status processing|done|cancelled [--captured-on YYYY-MM-DD ...]

Changes the tier, feature flags or payment methods of an account that has signed in at least once,
or records that an invoice was paid (its orders become paid).

  --email     the account's sign-in (or contact) e-mail
  --tier      basic, or premium (Advanced)
  --flag      ${featureFlagKeys.join(', ')}; =on or =off; repeat for several
  --payments  comma-separated payment methods the account may use (e.g. invoice), or none
  --mark-paid an invoice number (INV-1001, HRI-000001) or payment id whose money arrived
  --order     an imagery order to move: --status processing (capturing), done (completed: its 80 cm
              captures appear on the map, on the --captured-on days if given) or cancelled (unpaid only)

Environment: API_URL (${DEFAULT_API_URL}), AUTH_ISSUER (${DEFAULT_ISSUER}), AUTH_AUDIENCE (${DEFAULT_AUDIENCE}),
ADMIN_CLIENT_SECRET (the idp's development secret for ${ADMIN_CLIENT_ID}).

Example: npm run admin -w api -- --email demo@paddock.example --tier premium --flag field:multi_select=on --flag algorithm:ndre=off`;

export interface AdminCommand {
  /** Empty with `--mark-paid` alone. */
  email: string;
  patch: AdminAccountRequest;
  /** `--mark-paid`: the invoice number or payment id to mark paid. */
  markPaid?: string;
  /** `--order … --status …`: an imagery order to move on. */
  order?: { id: string; body: AdminOrderStatusRequest };
}

const ORDER_MOVES = ['processing', 'done', 'cancelled'] as const;

const ON = new Set(['on', 'true', 'yes', '1', 'enabled']);
const OFF = new Set(['off', 'false', 'no', '0', 'disabled']);

/** Reads the command line; `null` means "print the usage". */
export function parseAdminArgs(argv: string[]): AdminCommand | null {
  const values = parseCommandLine(argv, {
    email: { type: 'string' },
    tier: { type: 'string' },
    flag: { type: 'string', multiple: true },
    payments: { type: 'string' },
    'mark-paid': { type: 'string' },
    order: { type: 'string' },
    status: { type: 'string' },
    'captured-on': { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return null;
  if (values.order !== undefined || values.status !== undefined || values['captured-on'] !== undefined) {
    const id = values.order?.trim();
    if (!id) throw new UsageError('--status needs --order <order id>');
    const status = values.status?.trim().toLowerCase() as AdminOrderStatusRequest['status'] | undefined;
    if (!status || !ORDER_MOVES.includes(status))
      throw new UsageError(`--order needs --status ${ORDER_MOVES.join('|')}`);
    const days = (values['captured-on'] ?? []).map((day) => day.trim());
    for (const day of days)
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new UsageError(`--captured-on takes YYYY-MM-DD, not "${day}"`);
    if (days.length && status !== 'done') throw new UsageError('--captured-on goes with --status done');
    if (values.email !== undefined || values['mark-paid'] !== undefined)
      throw new UsageError('--order is used on its own');
    return { email: '', patch: {}, order: { id, body: days.length ? { status, capture_dates: days } : { status } } };
  }
  const markPaid = values['mark-paid']?.trim();
  if (values['mark-paid'] !== undefined && !markPaid) throw new UsageError('--mark-paid needs an invoice number');
  const email = values.email?.trim();
  if (markPaid && !email) {
    if (values.tier !== undefined || values.flag !== undefined || values.payments !== undefined)
      throw new UsageError('--tier, --flag and --payments need --email');
    return { email: '', patch: {}, markPaid };
  }
  if (!email) throw new UsageError('--email is required');

  const patch: AdminAccountRequest = {};
  if (values.tier !== undefined) {
    const tier = values.tier.trim().toLowerCase();
    if (tier === 'basic') patch.tier = 'basic';
    else if (tier === 'premium' || tier === 'advanced') patch.tier = 'premium';
    else throw new UsageError(`--tier must be basic or premium, not "${values.tier}"`);
  }
  for (const entry of values.flag ?? []) {
    const [key = '', setting = ''] = entry.split('=', 2).map((part) => part.trim());
    if (!(featureFlagKeys as readonly string[]).includes(key)) {
      throw new UsageError(`Unknown feature flag "${key}"; use one of ${featureFlagKeys.join(', ')}`);
    }
    const value = setting.toLowerCase();
    if (!ON.has(value) && !OFF.has(value)) throw new UsageError(`--flag ${key} needs =on or =off`);
    patch.feature_flags = { ...patch.feature_flags, [key as FeatureFlagKey]: ON.has(value) };
  }
  if (values.payments !== undefined) {
    const list = values.payments.trim().toLowerCase();
    patch.payments =
      list === 'none' || list === ''
        ? []
        : list
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean);
  }
  if (Object.keys(patch).length === 0 && !markPaid)
    throw new UsageError('Nothing to change: give --tier, --flag or --payments');
  return markPaid ? { email, patch, markPaid } : { email, patch };
}

export function formatProfile(profile: Profile): string {
  const width = Math.max(...profile.feature_flags.map((flag) => flag.feature_flag.length));
  return [
    `${profile.account.email ?? profile.account.id}`,
    `  tier      ${profile.tier.name} (${profile.tier.key})`,
    '  flags',
    ...profile.feature_flags.map((flag) => `    ${flag.feature_flag.padEnd(width)}  ${flag.enabled ? 'on' : 'off'}`),
    `  payments  ${profile.payments.length > 0 ? profile.payments.join(', ') : 'none'}`,
  ].join('\n');
}

const causeOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function describeApiError(status: number, body: unknown): string {
  const parsed = apiErrorBodySchema.safeParse(body);
  if (!parsed.success) return `the API answered ${status}`;
  const { detail } = parsed.data;
  if (typeof detail === 'string') return detail;
  return detail.map((issue) => `${issue.loc.slice(1).join('.')}: ${issue.msg}`).join('; ');
}

/** The admin command: token from the idp (client_credentials), then the admin route. Returns the exit code. */
export async function runAdminCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  fetchImpl: typeof fetch = fetch,
): Promise<number> {
  const command = readCommand(argv, parseAdminArgs, USAGE, io);
  if ('exitCode' in command) return command.exitCode;
  if (isProduction(env) && (env.ADMIN_CLIENT_SECRET || DEFAULT_ADMIN_CLIENT_SECRET) === DEFAULT_ADMIN_CLIENT_SECRET) {
    io.error(
      `In production (NODE_ENV=production) ADMIN_CLIENT_SECRET must be set: "${DEFAULT_ADMIN_CLIENT_SECRET}" is the published development secret.`,
    );
    return 1;
  }

  const issuer = env.AUTH_ISSUER || DEFAULT_ISSUER;
  const audience = env.AUTH_AUDIENCE || DEFAULT_AUDIENCE;
  const apiUrl = (env.API_URL || DEFAULT_API_URL).replace(/\/+$/, '');
  const tokenUrl = new URL('oauth/token', issuer.endsWith('/') ? issuer : `${issuer}/`).toString();

  let tokenResponse: Response;
  try {
    tokenResponse = await fetchImpl(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: ADMIN_CLIENT_ID,
        client_secret: env.ADMIN_CLIENT_SECRET || DEFAULT_ADMIN_CLIENT_SECRET,
        audience,
        resource: audience,
        scope: 'paddock:admin',
      }),
    });
  } catch (error) {
    io.error(`Could not reach the identity provider at ${tokenUrl} (${causeOf(error)}). Is \`npm start\` running?`);
    return 1;
  }
  const tokenBody = (await readJson(tokenResponse)) as {
    access_token?: unknown;
    error?: unknown;
    error_description?: unknown;
  };
  if (!tokenResponse.ok || typeof tokenBody?.access_token !== 'string') {
    const reason = [tokenBody?.error, tokenBody?.error_description]
      .filter((part) => typeof part === 'string')
      .join(': ');
    io.error(
      `The identity provider refused the admin client ${ADMIN_CLIENT_ID} (${tokenResponse.status}${reason ? ` ${reason}` : ''}). ` +
        'Check ADMIN_CLIENT_SECRET and that the idp knows this client.',
    );
    return 1;
  }

  const authorization = `Bearer ${tokenBody.access_token}`;
  if (command.order) return orderStatusCall(fetchImpl, apiUrl, authorization, command.order, io);
  if (command.markPaid) {
    const code = await markPaidCall(fetchImpl, apiUrl, authorization, command.markPaid, io);
    if (code !== 0 || !command.email) return code;
  }

  return adminCall(fetchImpl, apiUrl, io, {
    path: `/v2/admin/accounts/${encodeURIComponent(command.email)}`,
    init: {
      method: 'PATCH',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(command.patch),
    },
    refused: `Could not change ${command.email}`,
    schema: profileResponseSchema,
    answer: 'a profile',
    show: (parsed) => formatProfile(parsed.data),
  });
}

/**
 * One admin API call: the request, then its answer checked and printed. Exit code 1 with a message
 * when the API cannot be reached, refuses (its reason), or answers with something else than asked.
 */
async function adminCall<T>(
  fetchImpl: typeof fetch,
  apiUrl: string,
  io: CliIo,
  call: {
    path: string;
    init: RequestInit;
    /** 'Could not mark X paid': what is said before the API's reason. */
    refused: string;
    schema: z.ZodType<T>;
    /** 'a payment': what the answer should have been. */
    answer: string;
    show: (parsed: T) => string;
  },
): Promise<number> {
  let response: Response;
  try {
    response = await fetchImpl(`${apiUrl}${call.path}`, call.init);
  } catch (error) {
    io.error(`Could not reach the API at ${apiUrl} (${causeOf(error)}). Is \`npm start\` running?`);
    return 1;
  }
  const body = await readJson(response);
  if (!response.ok) {
    io.error(`${call.refused}: ${describeApiError(response.status, body)} (HTTP ${response.status})`);
    return 1;
  }
  const parsed = call.schema.safeParse(body);
  if (!parsed.success) {
    io.error(
      `The API at ${apiUrl} answered with something that is not ${call.answer}. Is API_URL pointing at the Paddock api?`,
    );
    return 1;
  }
  io.log(call.show(parsed.data));
  return 0;
}

const aud = (cents: number) =>
  new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cents / 100);

export function formatPayment(payment: Payment): string {
  return [
    `${payment.invoice_number ?? payment.id}`,
    `  status    ${payment.status}${payment.paid_on ? ` (${payment.paid_on})` : ''}`,
    `  amount    ${aud(payment.amount)} (GST ${aud(payment.gst)})`,
  ].join('\n');
}

async function markPaidCall(
  fetchImpl: typeof fetch,
  apiUrl: string,
  authorization: string,
  reference: string,
  io: CliIo,
): Promise<number> {
  return adminCall(fetchImpl, apiUrl, io, {
    path: `/v2/admin/payments/${encodeURIComponent(reference)}/mark_paid`,
    init: { method: 'POST', headers: { authorization } },
    refused: `Could not mark ${reference} paid`,
    schema: paymentResponseSchema,
    answer: 'a payment',
    show: (parsed) => formatPayment(parsed.data),
  });
}

export function formatOrder(order: OrderResponse): string {
  const { data, payment } = order;
  return [
    `${data.id} (${payment?.invoice_number ?? 'no invoice'})`,
    `  status    ${orderStatusLabels[data.status]} (${data.status})`,
    `  product   ${data.product_title}, ${data.total_product_unit} ha, ${data.start_capture_date} to ${data.end_capture_date}`,
    `  total     ${aud(data.order_total)} (GST ${aud(data.gst)})`,
  ].join('\n');
}

async function orderStatusCall(
  fetchImpl: typeof fetch,
  apiUrl: string,
  authorization: string,
  order: { id: string; body: AdminOrderStatusRequest },
  io: CliIo,
): Promise<number> {
  return adminCall(fetchImpl, apiUrl, io, {
    path: `/v2/admin/orders/${encodeURIComponent(order.id)}/status`,
    init: {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(order.body),
    },
    refused: `Could not move order ${order.id}`,
    schema: orderResponseSchema,
    answer: 'an order',
    show: formatOrder,
  });
}
