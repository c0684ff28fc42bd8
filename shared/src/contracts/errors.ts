import { z } from 'zod';

/** One entry of a FastAPI-style 422 body. */
export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** Every 4xx/5xx body the API sends: `{detail: "..."}` or, for validation, `{detail: [issues]}`. */
export const apiErrorBodySchema = z.object({
  detail: z.union([z.string(), z.array(validationIssueSchema)]),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
