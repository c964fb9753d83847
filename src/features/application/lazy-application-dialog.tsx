import { lazy, Suspense } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { site } from '../../content/site.ts'

// The dialog, the wizard, validation, the submission client and the toasts are
// not needed for the first view, so they load as a separate chunk.
const load = () => import('./components/application-dialog.tsx')
const ApplicationDialog = lazy(() => load().then((module) => ({ default: module.ApplicationDialog })))

/** Starts fetching the application chunk, so it is there when 'Apply Now' appears. */
export function preloadApplication() {
  void load()
}

export function LazyApplicationDialog() {
  return (
    <Suspense
      fallback={
        <Button className="min-h-16 px-10 text-xl" disabled>
          {site.countdown.applyLabel}
        </Button>
      }
    >
      <ApplicationDialog />
    </Suspense>
  )
}
