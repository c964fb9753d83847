/** A list query the inbox cannot answer as asked: answered 400 with its message. */
export class LeadQueryError extends Error {
  override name = 'LeadQueryError'
}
