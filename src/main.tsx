import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { keepEarlyCarouselKeys } from './components/ui/carousel-keys.ts'
import './index.css'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element to render into.')

const app = (
  <StrictMode>
    <App path={window.location.pathname} />
  </StrictMode>
)

// The built page arrives prerendered (scripts/prerender.ts): let the browser paint it
// first and hydrate in the next task, so React's start-up never delays the first view.
// The dev server's page is empty and is rendered at once.
if (container.firstElementChild) {
  keepEarlyCarouselKeys()
  requestAnimationFrame(() => setTimeout(() => hydrateRoot(container, app)))
} else {
  createRoot(container).render(app)
}
