import { useQuery } from '@tanstack/react-query'
import { AGENDA_PATH, type Agenda } from '../../../common/agenda-api.ts'
import { inboxFetch } from './inbox-fetch.ts'

/** The calls agenda, read again every minute: calls move from today to past as they start. */
export const useAgenda = () =>
  useQuery({ queryKey: ['calls', 'agenda'], queryFn: () => inboxFetch<Agenda>(AGENDA_PATH), refetchInterval: 60_000 })
