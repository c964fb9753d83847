import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import './index.css'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element to render into.')

const app = (
  <StrictMode>
    <App path={window.location.pathname} />
  </StrictMode>
)

// The built page arrives prerendered (scripts/prerender.ts); the dev server's does not.
if (container.firstElementChild) hydrateRoot(container, app)
else createRoot(container).render(app)
