import type { LeadStatus } from '../../../common/lead-status.ts'

/**
 * Each status's colour, always beside its name (colour is never the only
 * sign): a tinted chip with dark text of the same hue, at least 4.5:1, and a
 * dot of the full colour.
 */
export const statusTone: Record<LeadStatus, { chip: string; dot: string }> = {
  new: { chip: 'bg-sky-100 text-sky-950 ring-sky-700/40', dot: 'bg-sky-600' },
  contacted: { chip: 'bg-amber-100 text-amber-950 ring-amber-700/40', dot: 'bg-amber-500' },
  booked: { chip: 'bg-violet-100 text-violet-950 ring-violet-700/40', dot: 'bg-violet-600' },
  to_chase: { chip: 'bg-rose-100 text-rose-950 ring-rose-700/40', dot: 'bg-rose-600' },
  showed: { chip: 'bg-teal-100 text-teal-950 ring-teal-700/40', dot: 'bg-teal-600' },
  won: { chip: 'bg-emerald-100 text-emerald-950 ring-emerald-700/40', dot: 'bg-emerald-600' },
  lost: { chip: 'bg-stone-200 text-stone-900 ring-stone-600/40', dot: 'bg-stone-500' },
}
