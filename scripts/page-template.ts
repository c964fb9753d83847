// Apart from prerender.ts, which needs a build to run, so that they can be tested.
// What the page or its CSS brings in goes through a replacer function: as a
// replacement string, `$&`, `$'`, `` $` `` and `$$` in it would be expanded.

export const ROOT = '<div id="root"></div>'

/** `template` with its empty root element holding `html`, exactly as rendered. */
export function fillRoot(template: string, html: string): string {
  return template.replace(ROOT, () => `<div id="root">${html}</div>`)
}

/** `template` with the stylesheet `link` swapped for a `<style>` holding `css`. */
export function inlineStylesheet(template: string, link: string, css: string): string {
  return template.replace(link, () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`)
}
