import { renderHook, waitFor } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import type { EventBatch } from '../../../../common/analytics.ts'

it('counts one page view however often it runs, and hands it to the sender once that has loaded', async () => {
  const post = vi.fn<(batch: EventBatch) => void>()
  const sender = await import('../event-sender.ts')
  const { startSending } = sender
  const start = vi.spyOn(sender, 'startSending').mockImplementation(() => startSending(post))
  const { useAnalytics } = await import('./use-analytics.ts')
  renderHook(() => useAnalytics()).unmount()
  renderHook(() => useAnalytics())
  await waitFor(() => expect(start).toHaveBeenCalledOnce())
  window.dispatchEvent(new Event('pagehide'))
  expect(post).toHaveBeenCalledExactlyOnceWith({ path: '/', events: [{ type: 'page_view' }] })
})
