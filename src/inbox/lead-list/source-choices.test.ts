import { describe, expect, it } from 'vitest'
import { DIRECT_SOURCE } from '../../../common/funnel-api.ts'
import { sourceChoices } from './source-choices.ts'

describe("the Source filter's choices", () => {
  it('names the sources, in the order of their names, with (direct) last', () => {
    expect(sourceChoices([DIRECT_SOURCE, 'fb', 'ig', 'news.ycombinator.com'], undefined)).toEqual([
      { value: 'fb', label: 'Facebook' },
      { value: 'ig', label: 'Instagram' },
      { value: 'news.ycombinator.com', label: 'news.ycombinator.com' },
      { value: DIRECT_SOURCE, label: '(direct) no source' },
    ])
  })

  it('tells apart two sources of the same name by their keys', () => {
    expect(sourceChoices(['ig', 'l.instagram.com'], undefined).map((choice) => choice.label)).toEqual([
      'Instagram (ig)',
      'Instagram (l.instagram.com)',
    ])
  })

  it('keeps the source chosen when it is not among those seen', () => {
    expect(sourceChoices(['ig'], 'newsletter')).toEqual([
      { value: 'ig', label: 'Instagram' },
      { value: 'newsletter', label: 'Newsletter' },
    ])
    expect(sourceChoices([], DIRECT_SOURCE)).toEqual([{ value: DIRECT_SOURCE, label: '(direct) no source' }])
  })
})
