import type { RouteObject } from 'react-router'
import { LandingPage } from '../routes/landing-page.tsx'
import { NotFoundPage } from '../routes/not-found-page.tsx'
import { RootLayout } from './root-layout.tsx'

// No errorElement: React Router's default one is the spec's
// 'Unexpected Application Error!' screen with the status text or message.
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      { index: true, Component: LandingPage },
      { path: '*', Component: NotFoundPage },
    ],
  },
]
