import { z } from 'zod';
import { areaGeometrySchema, bboxSchema } from './geojson';

/** The caller's role on a farm (spec README: field `permission` values). */
export const farmRoles = ['owner', 'editor', 'viewer'] as const;
export const farmRoleSchema = z.enum(farmRoles);
export type FarmRole = z.infer<typeof farmRoleSchema>;

export const collaboratorPermissions = ['editor', 'viewer'] as const;
export const collaboratorPermissionSchema = z.enum(collaboratorPermissions);
export type CollaboratorPermission = z.infer<typeof collaboratorPermissionSchema>;

export const collaboratorSchema = z.object({
  email: z.string(),
  permission: collaboratorPermissionSchema,
  /** First and last name when the collaborator has an account with a name. */
  name: z.string().nullable(),
  /** 'pending' until the invited e-mail first signs in (verified). */
  status: z.enum(['active', 'pending']),
});
export type Collaborator = z.infer<typeof collaboratorSchema>;

export const farmNameSchema = z
  .string({ error: 'Farm Name is required!' })
  .trim()
  .min(1, 'Farm Name is required!')
  .max(100, 'Farm name must be 100 characters or fewer');

export const farmPropertiesSchema = z.object({
  farm_id: z.string(),
  farm_name: z.string(),
  /** Per user: the caller's own favourite flag. */
  is_favorite: z.boolean(),
  collaborators: z.array(collaboratorSchema),
  number_of_fields: z.number().int(),
  /** Hectares, computed by the server from the fields' geometry. */
  farm_area: z.number(),
  /** e.g. 'near Wagga Wagga, NSW', or null when the farm has no fields yet. */
  location: z.string().nullable(),
  owner_email: z.string().nullable(),
  permission: farmRoleSchema,
  created_on: z.string(),
  updated_on: z.string(),
});
export type FarmProperties = z.infer<typeof farmPropertiesSchema>;

export const farmFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  /** The farm has no boundary of its own; the bbox spans its fields (null with no fields). */
  geometry: z.null(),
  bbox: bboxSchema.nullable(),
  properties: farmPropertiesSchema,
});
export type FarmFeature = z.infer<typeof farmFeatureSchema>;

export const farmSortFields = ['farm_name', 'updated_on', 'number_of_fields', 'farm_area'] as const;
export const farmPageSizes = [5, 10, 15, 20] as const;

export const farmListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sort_by: z.enum(farmSortFields).default('updated_on'),
  sort_dir: z.enum(['asc', 'desc']).default('desc'),
  search_query: z.string().trim().max(100).optional(),
  is_favorite: z.enum(['true', 'false']).optional(),
});
export type FarmListQuery = z.input<typeof farmListQuerySchema>;

export const pagesSchema = z.object({
  total_pages: z.number().int(),
  total_count: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});

export const farmListResponseSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(farmFeatureSchema),
  pages: pagesSchema,
});
export type FarmListResponse = z.infer<typeof farmListResponseSchema>;

/**
 * GET v2/farms/totals: the dashboard's summary (spec 3 §2.5) of every farm the caller can see
 * (owned or shared with them): how many farms, their fields, and their hectares (the sum of the
 * fields' stored ellipsoidal areas).
 */
export const farmTotalsSchema = z.object({
  farms: z.number().int().min(0),
  fields: z.number().int().min(0),
  hectares: z.number().min(0),
});
export type FarmTotals = z.infer<typeof farmTotalsSchema>;
export const farmTotalsResponseSchema = z.object({ data: farmTotalsSchema });
export type FarmTotalsResponse = z.infer<typeof farmTotalsResponseSchema>;

export const createFarmRequestSchema = z.object({ data: z.object({ farm_name: farmNameSchema }) });
export type CreateFarmRequest = z.infer<typeof createFarmRequestSchema>;

/** PUT v2/farms/{id}: rename and/or favourite (spec 1 §7). */
export const updateFarmRequestSchema = z.object({
  data: z
    .object({ farm_name: farmNameSchema.optional(), is_account_farm_favorite: z.boolean().optional() })
    .refine((d) => d.farm_name !== undefined || d.is_account_farm_favorite !== undefined, 'Nothing to update'),
});
export type UpdateFarmRequest = z.infer<typeof updateFarmRequestSchema>;

export const fieldNameSchema = z
  .string()
  .trim()
  .min(1, 'Field name is required')
  .max(100, 'Field name must be 100 characters or fewer');

export const fieldPropertiesSchema = z.object({
  id: z.string(),
  farm_id: z.string(),
  field_name: z.string(),
  field_crop_type: z.string().nullable(),
  /** Hectares, computed geodesically by the server. */
  area: z.number(),
  permission: farmRoleSchema,
  created_on: z.string(),
  updated_on: z.string(),
});
export type FieldProperties = z.infer<typeof fieldPropertiesSchema>;

export const fieldFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: areaGeometrySchema,
  bbox: bboxSchema,
  properties: fieldPropertiesSchema,
});
export type FieldFeature = z.infer<typeof fieldFeatureSchema>;

export const fieldCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(fieldFeatureSchema),
  bbox: bboxSchema.nullable(),
});
export type FieldCollection = z.infer<typeof fieldCollectionSchema>;

export const newFieldFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: areaGeometrySchema,
  properties: z.object({
    /** A client-side id (e.g. from an import) is accepted and ignored: the server assigns ids. */
    id: z.union([z.string(), z.number()]).optional(),
    field_name: fieldNameSchema,
    field_crop_type: z.string().trim().max(100).nullable().optional(),
  }),
});

/** POST v2/farms/{id}/fields: one or many fields as a feature collection. */
export const createFieldsRequestSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(newFieldFeatureSchema).min(1, 'Add at least one field').max(5000),
  bbox: bboxSchema.optional(),
});
export type CreateFieldsRequest = z.infer<typeof createFieldsRequestSchema>;

/** PUT /v2/fields/{id}: a feature; geometry and each property are optional. */
export const updateFieldRequestSchema = z.object({
  type: z.literal('Feature'),
  geometry: areaGeometrySchema.optional(),
  properties: z
    .object({
      field_name: fieldNameSchema.optional(),
      field_crop_type: z.string().trim().max(100).nullable().optional(),
    })
    .default({}),
});
export type UpdateFieldRequest = z.infer<typeof updateFieldRequestSchema>;

export const cropTypesResponseSchema = z.object({ data: z.object({ crop_types: z.array(z.string()) }) });

/** The most e-mail addresses one share request may invite (each becomes a collaborator on every farm). */
export const MAX_SHARE_EMAILS = 50;

export const shareFarmRequestSchema = z.object({
  data: z.object({
    farm_ids: z.array(z.string()).min(1, 'Select at least one farm to share'),
    account_permission: z
      .array(z.object({ email: z.email('Email Address is invalid'), permission: collaboratorPermissionSchema }))
      .min(1, 'Add at least one email address')
      .max(MAX_SHARE_EMAILS, `You can invite at most ${MAX_SHARE_EMAILS} people at once`),
  }),
});
export type ShareFarmRequest = z.infer<typeof shareFarmRequestSchema>;

export const messageResponseSchema = z.object({ data: z.object({ message: z.string() }) });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * POST v2/farms/share_farm answers: the message to show ('Farms shared successfully'), plus each
 * shared farm's collaborators after the change. A superset of `messageResponseSchema`.
 */
export const shareFarmResponseSchema = z.object({
  data: z.object({
    message: z.string(),
    farms: z.array(z.object({ farm_id: z.string(), collaborators: z.array(collaboratorSchema) })),
  }),
});
export type ShareFarmResponse = z.infer<typeof shareFarmResponseSchema>;

/** POST /v2/farms/invitations/accept: the token of an invitation e-mail's link. */
export const acceptInvitationRequestSchema = z.object({
  data: z.object({ token: z.string().min(1, 'The invitation link is incomplete').max(2000) }),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

/** The farms the invitation gave the caller, and a sentence saying so. */
export const acceptInvitationResponseSchema = z.object({
  data: z.object({ message: z.string(), farm_ids: z.array(z.string()) }),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

/**
 * GET /v2/farms/invitations/waiting: farms shared with the caller's sign-in address that wait for it
 * to be verified (0 once it is). The farms page and the dashboard say so, with a 'Resend' button.
 */
export const waitingInvitationsResponseSchema = z.object({
  data: z.object({ email: z.string().nullable(), email_verified: z.boolean(), waiting_farms: z.number().int() }),
});
export type WaitingInvitationsResponse = z.infer<typeof waitingInvitationsResponseSchema>;

/** PATCH /v2/farms/{farm_id}/fields/crop_type: set the crop type of one or many fields of the farm at once. */
export const setCropTypeRequestSchema = z.object({
  field_ids: z.array(z.string()).min(1, 'Choose at least one field').max(5000),
  field_crop_type: z.string().trim().max(100).nullable(),
});
export type SetCropTypeRequest = z.infer<typeof setCropTypeRequestSchema>;
