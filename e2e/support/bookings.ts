import type { APIRequestContext } from '@playwright/test'
import { calendlyDelivery, type Invitee } from '../../server/testing/booking-senders.ts'
import { CALENDLY_SIGNING_KEY } from './env.ts'
import { expect } from './fixtures.ts'

/** The stand-in Calendly posts `event` about the invitee, signed as the e2e server expects. */
export async function calendly(request: APIRequestContext, event: string, invitee: Invitee, createdAt?: string) {
  const { body, headers } = calendlyDelivery(event, invitee, {
    key: CALENDLY_SIGNING_KEY,
    ...(createdAt && { createdAt }),
  })
  const answer = await request.post('/api/bookings/calendly', { headers, data: body })
  expect(answer.status(), await answer.text()).toBe(200)
}

/**
 * Books a call, as the stand-in Calendly would, for an email no lead has: an
 * unmatched booking the bookings list offers to link. Answers that email.
 */
export async function bookAsStranger(request: APIRequestContext): Promise<string> {
  const stranger = `stranger-${Math.random().toString(36).slice(2, 8)}@example.com`
  await calendly(request, 'invitee.created', { email: stranger, name: 'Someone Else' })
  return stranger
}
