import type { APIRequestContext } from '@playwright/test'
import { calendlyDelivery } from '../../server/testing/booking-senders.ts'
import { CALENDLY_SIGNING_KEY } from './env.ts'
import { expect } from './fixtures.ts'

/**
 * Books a call, as the stand-in Calendly would, for an email no lead has: an
 * unmatched booking the bookings list offers to link. Answers that email.
 */
export async function bookAsStranger(request: APIRequestContext): Promise<string> {
  const stranger = `stranger-${Math.random().toString(36).slice(2, 8)}@example.com`
  const { body, headers } = calendlyDelivery(
    'invitee.created',
    { email: stranger, name: 'Someone Else' },
    { key: CALENDLY_SIGNING_KEY },
  )
  expect((await request.post('/api/bookings/calendly', { headers, data: body })).status()).toBe(200)
  return stranger
}
