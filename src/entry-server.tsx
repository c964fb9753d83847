import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { routes } from './app/routes.tsx'

const handler = createStaticHandler(routes)

/**
 * Renders a route to HTML at build time (scripts/prerender.ts), so the first
 * response already holds the page's text and React only hydrates it.
 */
export async function render(path: string): Promise<string> {
  const context = await handler.query(new Request(new URL(path, 'http://localhost')))
  if (context instanceof Response) throw new Error(`Prerendering ${path} answered a redirect or a response.`)
  const router = createStaticRouter(handler.dataRoutes, context)
  // No hydration data: the routes have no loaders, so the browser router needs none,
  // and the page keeps free of inline scripts.
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  )
}
