import { site } from '../../../content/site.ts'

export function Hero() {
  return (
    <section className="mx-auto max-w-4xl px-6 pt-6 pb-10 text-center" aria-labelledby="hero-heading">
      <h1 id="hero-heading" className="text-3xl leading-tight font-extrabold text-balance sm:text-5xl">
        {site.hero.headline}
      </h1>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-mist sm:text-xl">{site.hero.subtext}</p>
    </section>
  )
}
