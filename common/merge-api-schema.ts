/**
 * What the merge route accepts (common/merge-api.ts has its answer). Kept apart
 * from admin-api-schema.ts, like it free of the page's bundle.
 */
import { z } from 'zod'

/** POST /api/admin/leads/:id/merge: the other lead. */
export const mergeSchema = z.strictObject({
  with: z.number({ error: 'with must be a lead id' }).int().positive().max(Number.MAX_SAFE_INTEGER),
})
export type MergeRequest = z.infer<typeof mergeSchema>
