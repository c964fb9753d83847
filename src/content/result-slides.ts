import result1Small from '../assets/results/result-1-400.webp'
import result1Large from '../assets/results/result-1-800.webp'
import result2Small from '../assets/results/result-2-400.webp'
import result2Large from '../assets/results/result-2-800.webp'
import result3Small from '../assets/results/result-3-400.webp'
import result3Large from '../assets/results/result-3-800.webp'
import result4Small from '../assets/results/result-4-400.webp'
import result4Large from '../assets/results/result-4-800.webp'
import result5Small from '../assets/results/result-5-400.webp'
import result5Large from '../assets/results/result-5-800.webp'
import result6Small from '../assets/results/result-6-400.webp'
import result6Large from '../assets/results/result-6-800.webp'

export interface ResultSlide {
  id: 1 | 2 | 3 | 4 | 5 | 6
  /** The 400 px wide rendition; `srcSet` adds the 800 px one for dense screens. */
  src: string
  srcSet: string
  alt: string
  width: number
  height: number
}

const slide = (id: ResultSlide['id'], small: string, large: string, alt: string): ResultSlide => ({
  id,
  src: small,
  srcSet: `${small} 400w, ${large} 800w`,
  alt,
  width: 400,
  height: 500,
})

export const resultSlides: readonly ResultSlide[] = [
  slide(1, result1Small, result1Large, 'Analytics screenshot: 34M views with 86% growth'),
  slide(2, result2Small, result2Large, 'Professional dashboard showing 19.6M views'),
  slide(3, result3Small, result3Large, 'Analytics screenshot: 3.5M views and high engagement'),
  slide(4, result4Small, result4Large, 'Analytics screenshot: 1M views, 99.8% from non-followers'),
  slide(5, result5Small, result5Large, 'Analytics screenshot: 21.2M views and 1.6M interactions'),
  slide(6, result6Small, result6Large, 'Detailed analytics showing 3.5M views'),
]
