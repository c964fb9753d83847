import { describe, expect, it } from 'vitest'
import { ROOT, fillRoot, inlineStylesheet } from './page-template.ts'

// Each of these means something in a replacement string.
const DOLLARS = "Save $$ — pay $& now, $' later, $` before, $1 or $<name>"

describe('fillRoot', () => {
  it('puts the rendered page in the root exactly as rendered', () => {
    const template = `<body>${ROOT}<script src="/a.js"></script></body>`
    expect(fillRoot(template, `<p>${DOLLARS}</p>`)).toBe(
      `<body><div id="root"><p>${DOLLARS}</p></div><script src="/a.js"></script></body>`,
    )
  })
})

describe('inlineStylesheet', () => {
  const link = '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">'

  it('swaps the link for the stylesheet, exactly as built', () => {
    const css = `.price::after{content:"${DOLLARS}"}`
    expect(inlineStylesheet(`<head>${link}</head>`, link, css)).toBe(`<head><style>${css}</style></head>`)
  })
})
