import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { routes } from '../app/routes.tsx'

/** Renders the app's real routes at a path, with a user to drive them. */
export function renderRoute(path: string, routeTable: RouteObject[] = routes) {
  const router = createMemoryRouter(routeTable, { initialEntries: [path] })
  return { user: userEvent.setup(), router, ...render(<RouterProvider router={router} />) }
}
