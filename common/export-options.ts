/**
 * The options of the inbox's export (GET /api/admin/leads/export, beside
 * EXPORT_FORMATS in lead-list-api.ts). `mode`: `spreadsheet` (the default) guards
 * every value a spreadsheet could run as a formula with a leading `'`; `crm`
 * writes values as they are, for an import. `tz`, an IANA zone name (UTC when
 * not given), is the zone its times are written in, to the second
 * (2026-11-27 09:30:12); 400 for a zone the server does not know.
 */
export const EXPORT_MODES = ['spreadsheet', 'crm'] as const
export type ExportMode = (typeof EXPORT_MODES)[number]
