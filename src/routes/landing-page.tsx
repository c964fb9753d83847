import { useAnalytics } from '../features/analytics/hooks/use-analytics.ts'
import { LazyApplicationDialog, preloadApplication } from '../features/application/lazy-application-dialog.tsx'
import { CountdownSection } from '../features/landing/components/countdown-section.tsx'
import { Hero } from '../features/landing/components/hero.tsx'
import { ResultsSection } from '../features/landing/components/results-section.tsx'
import { SiteHeader } from '../features/landing/components/site-header.tsx'
import { VideoSection } from '../features/landing/components/video-section.tsx'

export function LandingPage() {
  useAnalytics()
  return (
    <>
      <SiteHeader />
      <main>
        <Hero />
        <VideoSection />
        <ResultsSection />
        <CountdownSection onAlmostDone={preloadApplication}>
          <LazyApplicationDialog />
        </CountdownSection>
      </main>
    </>
  )
}
