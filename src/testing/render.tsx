import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { App } from '../app/app.tsx'

/** Renders the app as it appears at `path` (or `ui`), with a user to drive it. */
export function renderRoute(path: string, ui: ReactNode = <App path={path} />) {
  return { user: userEvent.setup(), ...render(ui) }
}
