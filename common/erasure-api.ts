/**
 * POST /api/admin/erasure: every lead with this email, in any case, spam
 * included (after a confirmation in the inbox). DELETE /api/admin/leads/:id
 * erases one (404 when unknown). Both answer ErasureResult and leave an
 * admin_audit entry that records how many, never the erased data.
 */
export interface ErasureResult {
  erased: number
}
