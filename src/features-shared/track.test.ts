import { expect, it, vi } from 'vitest'
import type { FunnelEvent } from './track.ts'

it('queues events until the sender takes over, then hands them on in order, the earlier first', async () => {
  const { track, sendEventsTo } = await import('./track.ts')
  track('page_view')
  track('step_viewed', 1)
  const sent: FunnelEvent[] = []
  sendEventsTo((event) => sent.push(event))
  expect(sent).toEqual([{ type: 'page_view' }, { type: 'step_viewed', step: 1 }])

  track('step_completed', 1)
  expect(sent.at(-1)).toEqual({ type: 'step_completed', step: 1 })
  // An event without a step carries no step key at all.
  track('apply_clicked')
  expect(sent.at(-1)).toStrictEqual({ type: 'apply_clicked' })
})

it('returns at once: recording an event never waits for the network', async () => {
  vi.resetModules()
  const { track } = await import('./track.ts')
  const fetchSpy = vi.spyOn(globalThis, 'fetch')
  expect(track('apply_clicked')).toBeUndefined()
  expect(fetchSpy).not.toHaveBeenCalled()
})
