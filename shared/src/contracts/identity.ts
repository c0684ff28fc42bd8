import { z } from 'zod';

/** The identity-provider user as the host receives it (ID token / userinfo claims). */
export const idpUserSchema = z.object({
  sub: z.string(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  nickname: z.string().optional(),
  picture: z.string().optional(),
  name: z.string().optional(),
});
export type IdpUser = z.infer<typeof idpUserSchema>;
