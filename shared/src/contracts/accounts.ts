import { z } from 'zod';

export const TERMS_VERSION = 'v1';

export const userTypes = ['farmer', 'agronomist', 'researcher', 'input_supplier', 'education', 'other'] as const;
export const userTypeSchema = z.enum(userTypes);
export type UserType = z.infer<typeof userTypeSchema>;

export const userTypeLabels: Record<UserType, string> = {
  farmer: 'Farmer',
  agronomist: 'Agronomist',
  researcher: 'Researcher',
  input_supplier: 'Input supplier',
  education: 'Education',
  other: 'Other',
};

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** The editable profile fields (spec 3 §3), sent inside `data`. */
export const contactDetailsSchema = z.object({
  first_name: optionalText(100),
  last_name: optionalText(100),
  email: z.email().max(254).nullable().optional(),
  phone_number: optionalText(40),
  company: optionalText(200),
  street: optionalText(200),
  suburb: optionalText(100),
  address1: optionalText(200),
  address2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  country: z.string().trim().toUpperCase().length(2).nullable().optional(),
  post_code: optionalText(20),
  user_type: z
    .union([userTypeSchema, z.literal('')])
    .nullable()
    .optional(),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

export const contactDetailsRequestSchema = z.object({ data: contactDetailsSchema });
export type ContactDetailsRequest = z.infer<typeof contactDetailsRequestSchema>;
export const contactDetailsResponseSchema = z.object({ data: contactDetailsSchema });

export const featureFlagKeys = ['field:multi_select', 'algorithm:ndre', 'algorithm:thermal', 'algorithm:pcd'] as const;
export const featureFlagKeySchema = z.enum(featureFlagKeys);
export type FeatureFlagKey = z.infer<typeof featureFlagKeySchema>;

export const featureFlagSchema = z.object({
  feature_flag: featureFlagKeySchema,
  enabled: z.boolean(),
  modal_title: z.string(),
  modal_description: z.string(),
});
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

export const tierKeys = ['basic', 'premium'] as const;
export const tierSchema = z.object({ key: z.enum(tierKeys), name: z.string() });
export type Tier = z.infer<typeof tierSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  expires_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const accountSchema = contactDetailsSchema.extend({
  id: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  terms_accepted_version: z.string().nullable(),
  /** An e-mail change waiting for the new address to be verified (PATCH v2/accounts/email). */
  pending_email: z.string().nullable().optional(),
  created_on: z.string(),
  updated_on: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const profileSchema = z.object({
  account: accountSchema,
  tier: tierSchema,
  feature_flags: z.array(featureFlagSchema),
  payments: z.array(z.string()),
  subscriptions: z.array(subscriptionSchema),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ data: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** PATCH v2/accounts/profile: any contact field, and terms acceptance. */
export const profilePatchSchema = z.object({
  data: contactDetailsSchema.extend({ terms_accepted_version: z.literal(TERMS_VERSION).optional() }),
});
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/** Development-only account administration (tier and feature flags). */
export const adminAccountPatchSchema = z.object({
  tier: z.enum(tierKeys).optional(),
  feature_flags: z.partialRecord(featureFlagKeySchema, z.boolean()).optional(),
});
export type AdminAccountPatch = z.infer<typeof adminAccountPatchSchema>;

/** The admin body (`PATCH /v2/admin/...`, the admin CLI): the patch plus the payment methods an account may use (e.g. "invoice"). */
export const adminAccountRequestSchema = adminAccountPatchSchema.extend({
  payments: z.array(z.string().trim().min(1).max(40)).max(10).optional(),
});
export type AdminAccountRequest = z.infer<typeof adminAccountRequestSchema>;
