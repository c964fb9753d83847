import { site } from '../../../content/site.ts'

export function SiteHeader() {
  return (
    <header className="flex flex-col items-center gap-3 px-6 pt-8">
      <p className="text-sm font-extrabold tracking-[0.3em] text-gold uppercase">{site.brand}</p>
      <svg
        aria-hidden="true"
        focusable="false"
        className="size-8 text-gold motion-safe:animate-bounce"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 4v16m0 0-6-6m6 6 6-6" />
      </svg>
    </header>
  )
}
