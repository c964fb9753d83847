import { useEffect } from 'react'
import { site } from '../content/site.ts'

export function NotFoundPage({ path }: { path: string }) {
  useEffect(() => {
    // A warning, not an error: a mistyped link is the visitor's, not a fault of the page.
    console.warn('404: no page at', path)
  }, [path])

  return (
    <main className="grid min-h-dvh place-items-center px-6 text-center">
      <div>
        <h1 className="text-4xl font-bold">{site.notFound.status}</h1>
        <p className="mt-3 text-xl text-mist">{site.notFound.title}</p>
        <a
          href="/"
          className="mt-6 inline-block font-semibold text-gold-strong underline underline-offset-4 hover:text-gold"
        >
          {site.notFound.homeLink}
        </a>
      </div>
    </main>
  )
}
