import { renderHook, waitFor } from '@testing-library/react'
import { expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../../features-shared/attribution-store.ts'
import { useAttributionCapture } from './use-attribution-capture.ts'

it('records the visit after the page has rendered, once however often it renders', async () => {
  window.history.replaceState(null, '', '/?utm_source=ig&utm_campaign=launch&fbclid=abc')
  const { rerender, unmount } = renderHook(() => useAttributionCapture())
  // Its code loads after the render: the first view never waits for it.
  expect(localStorage.getItem(STORAGE_KEYS.last_touch)).toBeNull()
  await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.last_touch)).not.toBeNull())
  const first = localStorage.getItem(STORAGE_KEYS.first_touch)
  expect(JSON.parse(first ?? 'null')).toMatchObject({
    utm_source: 'ig',
    utm_campaign: 'launch',
    fbclid: 'abc',
    landing_path: '/',
  })

  window.history.replaceState(null, '', '/?utm_source=other')
  rerender()
  unmount()
  renderHook(() => useAttributionCapture())
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(localStorage.getItem(STORAGE_KEYS.last_touch)).toContain('"utm_source":"ig"')
})
