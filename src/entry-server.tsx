import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { App } from './app/app.tsx'

/**
 * Renders a path to HTML at build time (scripts/prerender.ts), so the first
 * response already holds the page's text and React only hydrates it.
 */
export function render(path: string): string {
  return renderToString(
    <StrictMode>
      <App path={path} />
    </StrictMode>,
  )
}
