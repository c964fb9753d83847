/**
 * What the inbox's account routes accept (common/account-api.ts has their
 * answers). Kept apart from admin-api-schema.ts, like it free of the page's bundle.
 */
import { z } from 'zod'
import { isPlainLine } from './admin-api-schema.ts'
import { PASSWORD_MAX_LENGTH } from './session-api.ts'

// A password is only ever hashed, so it may hold anything a keyboard types; \u0000 alone ends strings in C.
const password = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(1, { error: `${name} is required` })
    .max(PASSWORD_MAX_LENGTH, { error: `${name} may have at most ${PASSWORD_MAX_LENGTH} characters` })
    .refine((text) => !text.includes('\u0000'), { error: `${name} must hold no NUL character` })

/** POST /api/admin/account/password: the current password, and the new one (checked as `npm run admin -- add` checks it). */
export const passwordChangeSchema = z.strictObject({
  currentPassword: password('the current password'),
  newPassword: password('the new password'),
})
export type PasswordChange = z.infer<typeof passwordChangeSchema>

/** POST /api/admin/teammates: an account for a teammate, who chooses its password through a set-up link. */
export const teammateAddSchema = z.strictObject({
  email: z.string().trim().min(3).max(320).refine(isPlainLine, { error: 'must hold no control characters' }),
})
export type TeammateAdd = z.infer<typeof teammateAddSchema>

// 32 random bytes in base64url.
const setupToken = z
  .string({ error: 'the set-up link has no token' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'the set-up link is not whole' })

/** POST /api/admin/setup-link: what a set-up link is for, before its password is chosen. */
export const setupLinkSchema = z.strictObject({ token: setupToken })
export type SetupLinkCheck = z.infer<typeof setupLinkSchema>

/** POST /api/admin/setup-link/password: the teammate's password, which uses the link up. */
export const setupPasswordSchema = z.strictObject({ token: setupToken, password: password('the password') })
export type SetupPassword = z.infer<typeof setupPasswordSchema>
