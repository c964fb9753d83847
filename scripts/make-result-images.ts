/**
 * Draws the six "results" images (mock social-media analytics screenshots)
 * as SVG and writes optimised WebP files to src/assets/results.
 *
 * Run with `npm run images` and re-run after editing a design.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

// ---------------------------------------------------------------------------
// Canvas, palette and output settings
// ---------------------------------------------------------------------------

const WIDTH = 600
const HEIGHT = 750
const PAD = 20
const GAP = 14
const HEADER_HEIGHT = 60
const FONT = `'DejaVu Sans', Arial, sans-serif`

const INK = '#0f172a'
const MUTED = '#64748b'
const FAINT = '#94a3b8'
const LINE = '#e2e8f0'
const PAGE = '#f1f5f9'
const CARD = '#ffffff'

const OUTPUT_DIR = fileURLToPath(new URL('../src/assets/results/', import.meta.url))
const OUTPUT_WIDTHS = [400, 800]
// The 'text' preset keeps faint ringing from bold text off the white cards.
const WEBP = { quality: 72, effort: 6, preset: 'text' } as const

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

interface Box {
  x: number
  y: number
  w: number
  h: number
}

interface Pt {
  x: number
  y: number
}

type Chart =
  | { kind: 'line'; points: number[]; area?: boolean; dots?: boolean }
  | { kind: 'bars'; values: number[]; highlight?: number }

interface ChartSpec {
  chart: Chart
  height: number
  /** Value at the top of the plot; defaults to a little above the data maximum. */
  max?: number
  xLabels?: string[]
  yLabels?: string[]
}

interface Tile {
  label: string
  value: string
  note?: string
}

interface Row {
  label: string
  value: string
  share: number
}

type Block =
  | { kind: 'range'; label: string; note: string }
  | { kind: 'hero'; label: string; value: string; delta?: string; caption: string; chart?: ChartSpec; spark?: Chart }
  | { kind: 'tiles'; columns: number; items: Tile[]; joined?: boolean; large?: boolean }
  | { kind: 'chart'; title: string; aside?: string; spec: ChartSpec }
  // The first legend row is the share the donut fills and shows in its centre.
  | { kind: 'donut'; title: string; legend: [Row, ...Row[]] }
  | { kind: 'rows'; title: string; aside?: string; rows: Row[] }

interface Design {
  title: string
  accent: string
  blocks: Block[]
}

interface Drawn {
  svg: string
  height: number
}

// ---------------------------------------------------------------------------
// Primitive helpers
// ---------------------------------------------------------------------------

const round = (n: number): number => Math.round(n * 10) / 10

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

interface TextStyle {
  size: number
  bold?: boolean
  fill?: string
  anchor?: 'start' | 'middle' | 'end'
  spacing?: number
}

function text(x: number, y: number, content: string, style: TextStyle): string {
  const attrs = [
    `x="${round(x)}"`,
    `y="${round(y)}"`,
    `font-size="${style.size}"`,
    `fill="${style.fill ?? INK}"`,
    style.bold ? 'font-weight="700"' : '',
    style.anchor && style.anchor !== 'start' ? `text-anchor="${style.anchor}"` : '',
    style.spacing ? `letter-spacing="${style.spacing}"` : '',
  ]
  return `<text ${attrs.filter(Boolean).join(' ')}>${escapeXml(content)}</text>`
}

/** Rough advance width of DejaVu Sans text, good enough to size pills. */
function textWidth(content: string, size: number, bold = false): number {
  let em = 0
  for (const ch of content) {
    if (/[0-9]/.test(ch)) em += 0.64
    else if (/[A-Z%]/.test(ch)) em += 0.74
    else if (/[ .,:·]/.test(ch)) em += 0.32
    else em += 0.6
  }
  return em * size * (bold ? 1.08 : 1)
}

function rect(box: Box, fill: string, radius = 0, extra = ''): string {
  const r = radius ? ` rx="${radius}"` : ''
  const size = `x="${round(box.x)}" y="${round(box.y)}" width="${round(box.w)}" height="${round(box.h)}"`
  return `<rect ${size}${r} fill="${fill}"${extra}/>`
}

/** A light grey rule, used for grid lines and dividers. */
function rule(from: Pt, to: Pt, extra = ''): string {
  const ends = `x1="${round(from.x)}" y1="${round(from.y)}" x2="${round(to.x)}" y2="${round(to.y)}"`
  return `<line ${ends} stroke="${LINE}" stroke-width="1.5"${extra}/>`
}

/** An open stroked path with round caps (chart lines, the back chevron). */
function stroke(d: string, colour: string, width: number): string {
  const caps = 'stroke-linecap="round" stroke-linejoin="round"'
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" ${caps}/>`
}

function card(box: Box): string {
  const shadow = rect({ ...box, y: box.y + 2 }, '#0f172a', 16, ' fill-opacity="0.04"')
  return shadow + rect(box, CARD, 16, ` stroke="${LINE}"`)
}

/** A rounded, tinted label such as "▲ 86%" or "Last 30 days". */
function pill(x: number, y: number, label: string, accent: string, align: 'start' | 'end' = 'start'): string {
  const size = 14
  const w = textWidth(label, size, true) + 22
  const left = align === 'end' ? x - w : x
  return (
    rect({ x: left, y, w, h: 28 }, accent, 14, ' fill-opacity="0.12"') +
    text(left + w / 2, y + 19, label, { size, bold: true, fill: accent, anchor: 'middle' })
  )
}

function sectionTitle(box: Box, title: string, aside?: string): string {
  const heading = text(box.x + 20, box.y + 34, title, { size: 17, bold: true })
  const note = aside ? text(box.x + box.w - 20, box.y + 34, aside, { size: 13, fill: MUTED, anchor: 'end' }) : ''
  return heading + note
}

// ---------------------------------------------------------------------------
// Chart helpers
// ---------------------------------------------------------------------------

function scalePoints(box: Box, values: number[], max: number): Pt[] {
  const step = box.w / Math.max(values.length - 1, 1)
  return values.map((v, i) => ({ x: box.x + i * step, y: box.y + box.h - (v / max) * box.h }))
}

/** Catmull-Rom spline through the points, expressed as cubic Béziers. */
function smoothPath(pts: Pt[]): string {
  const first = pts[0]
  if (!first) return ''
  let d = `M${round(first.x)} ${round(first.y)}`
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] ?? pts[i] ?? first
    const p1 = pts[i] ?? first
    const p2 = pts[i + 1] ?? p1
    const p3 = pts[i + 2] ?? p2
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 }
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 }
    d += ` C${round(c1.x)} ${round(c1.y)} ${round(c2.x)} ${round(c2.y)} ${round(p2.x)} ${round(p2.y)}`
  }
  return d
}

function lineChart(box: Box, chart: Extract<Chart, { kind: 'line' }>, max: number, accent: string, id: string): string {
  const pts = scalePoints(box, chart.points, max)
  const line = smoothPath(pts)
  const last = pts[pts.length - 1]
  let svg = ''
  if (chart.area) {
    const bottom = round(box.y + box.h)
    svg +=
      `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="${accent}" stop-opacity="0.28"/>` +
      `<stop offset="1" stop-color="${accent}" stop-opacity="0.02"/></linearGradient></defs>` +
      `<path d="${line} L${round(box.x + box.w)} ${bottom} L${round(box.x)} ${bottom} Z" fill="url(#${id})"/>`
  }
  svg += stroke(line, accent, 3)
  if (chart.dots) {
    svg += pts.map((p) => circle(p, 3.5, CARD, accent)).join('')
  }
  if (last) {
    svg += circle(last, 6, accent, CARD)
  }
  return svg
}

function circle(p: Pt, r: number, fill: string, stroke: string): string {
  return `<circle cx="${round(p.x)}" cy="${round(p.y)}" r="${r}" fill="${fill}" stroke="${stroke}" stroke-width="2.5"/>`
}

function barChart(box: Box, chart: Extract<Chart, { kind: 'bars' }>, max: number, accent: string): string {
  const slot = box.w / chart.values.length
  const barW = Math.min(slot * 0.62, 28)
  const highlight = chart.highlight ?? chart.values.length - 1
  return chart.values
    .map((v, i) => {
      const h = Math.max((v / max) * box.h, 4)
      const bar = { x: box.x + i * slot + (slot - barW) / 2, y: box.y + box.h - h, w: barW, h }
      const opacity = i === highlight ? '' : ' fill-opacity="0.28"'
      return rect(bar, accent, 4, opacity)
    })
    .join('')
}

/** Grid lines, axis labels and the chart itself inside `box`. */
function chartArea(box: Box, spec: ChartSpec, accent: string, id: string): string {
  const yLabels = spec.yLabels ?? []
  const labelGutter = yLabels.length ? 40 : 0
  const plot = { x: box.x + labelGutter, y: box.y + 6, w: box.w - labelGutter, h: box.h - (spec.xLabels ? 30 : 6) }
  let svg = ''
  const lines = yLabels.length || 4
  for (let i = 0; i < lines; i++) {
    const y = round(plot.y + (plot.h * i) / (lines - 1))
    const dash = i === lines - 1 ? '' : ' stroke-dasharray="4 5"'
    svg += rule({ x: plot.x, y }, { x: plot.x + plot.w, y }, dash)
    const label = yLabels[i]
    if (label) svg += text(box.x, y + 4, label, { size: 12, fill: FAINT })
  }
  const data = spec.chart.kind === 'line' ? spec.chart.points : spec.chart.values
  const max = spec.max ?? Math.max(...data) * 1.08
  svg +=
    spec.chart.kind === 'line' ? lineChart(plot, spec.chart, max, accent, id) : barChart(plot, spec.chart, max, accent)
  // Line charts label their end points; bar charts label bar centres.
  const xLabels = spec.xLabels ?? []
  const inset = spec.chart.kind === 'bars' ? plot.w / spec.chart.values.length / 2 : 0
  xLabels.forEach((label, i) => {
    const x = plot.x + inset + ((plot.w - inset * 2) * i) / Math.max(xLabels.length - 1, 1)
    const edge = i === 0 ? 'start' : i === xLabels.length - 1 ? 'end' : 'middle'
    svg += text(x, box.y + box.h - 4, label, { size: 12, fill: FAINT, anchor: inset ? 'middle' : edge })
  })
  return svg
}

function donut(centre: Pt, radius: number, share: number, accent: string): string {
  const circumference = 2 * Math.PI * radius
  const filled = round((circumference * share) / 100)
  const cx = round(centre.x)
  const cy = round(centre.y)
  const ring = (extra: string): string =>
    `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="${accent}" stroke-width="22"${extra}/>`
  // The arc starts at 12 o'clock and runs clockwise.
  return (
    ring(' stroke-opacity="0.16"') +
    ring(` stroke-dasharray="${filled} ${round(circumference)}" transform="rotate(-90 ${cx} ${cy})"`)
  )
}

function progressRow(box: Box, row: Row, accent: string): string {
  const track = { x: box.x, y: box.y + 24, w: box.w, h: 8 }
  return (
    text(box.x, box.y + 14, row.label, { size: 14, fill: INK }) +
    text(box.x + box.w, box.y + 14, row.value, { size: 14, bold: true, anchor: 'end' }) +
    rect(track, accent, 4, ' fill-opacity="0.14"') +
    rect({ ...track, w: Math.max((track.w * row.share) / 100, 8) }, accent, 4)
  )
}

// ---------------------------------------------------------------------------
// Blocks: each draws itself at (x, y) with width w and reports its height
// ---------------------------------------------------------------------------

function drawHeader(title: string, accent: string): string {
  const mid = HEADER_HEIGHT / 2
  const chevron = stroke(`M30 ${mid - 9} L21 ${mid} L30 ${mid + 9}`, INK, 2.5)
  const info =
    `<circle cx="${WIDTH - 28}" cy="${mid}" r="10" fill="none" stroke="${INK}" stroke-width="2"/>` +
    text(WIDTH - 28, mid + 5, 'i', { size: 14, bold: true, anchor: 'middle' })
  return (
    rect({ x: 0, y: 0, w: WIDTH, h: HEADER_HEIGHT }, CARD) +
    rule({ x: 0, y: HEADER_HEIGHT }, { x: WIDTH, y: HEADER_HEIGHT }) +
    rect({ x: 0, y: 0, w: WIDTH, h: 4 }, accent) +
    chevron +
    text(WIDTH / 2, mid + 7, title, { size: 19, bold: true, anchor: 'middle' }) +
    info
  )
}

function drawRange(b: Extract<Block, { kind: 'range' }>, box: Box, accent: string): Drawn {
  const label = `${b.label}  ▾`
  const w = textWidth(label, 14, true) + 26
  const svg =
    rect({ x: box.x, y: box.y, w, h: 32 }, CARD, 16, ` stroke="${LINE}"`) +
    text(box.x + 13, box.y + 21, label, { size: 14, bold: true }) +
    text(box.x + box.w, box.y + 21, b.note, { size: 13, fill: MUTED, anchor: 'end' }) +
    rect({ x: box.x + w + 10, y: box.y + 13, w: 6, h: 6 }, accent, 3)
  return { svg, height: 32 }
}

function drawHero(b: Extract<Block, { kind: 'hero' }>, box: Box, accent: string, id: string): Drawn {
  const height = 148 + (b.chart ? b.chart.height + 10 : 0)
  let svg = card({ ...box, h: height })
  svg += text(box.x + 24, box.y + 38, b.label, { size: 16, fill: MUTED })
  svg += text(box.x + 22, box.y + 106, b.value, { size: 66, bold: true, spacing: -2 })
  svg += text(box.x + 24, box.y + 134, b.caption, { size: 14, fill: MUTED })
  if (b.delta) svg += pill(box.x + box.w - 22, box.y + 18, b.delta, accent, 'end')
  if (b.spark) {
    const spark = { x: box.x + box.w - 200, y: box.y + 62, w: 176, h: 62 }
    svg += chartArea(spark, { chart: b.spark, height: spark.h }, accent, `${id}-spark`)
  }
  if (b.chart) {
    const area = { x: box.x + 22, y: box.y + 150, w: box.w - 44, h: b.chart.height }
    svg += chartArea(area, b.chart, accent, id)
  }
  return { svg, height }
}

function drawTiles(b: Extract<Block, { kind: 'tiles' }>, box: Box, accent: string): Drawn {
  const rows = Math.ceil(b.items.length / b.columns)
  const tileH = b.large ? 118 : 108
  const gap = b.joined ? 0 : 12
  const tileW = (box.w - gap * (b.columns - 1)) / b.columns
  const height = rows * tileH + (rows - 1) * gap
  let svg = b.joined ? card({ ...box, h: height }) : ''
  b.items.forEach((tile, i) => {
    const x = box.x + (i % b.columns) * (tileW + gap)
    const y = box.y + Math.floor(i / b.columns) * (tileH + gap)
    if (!b.joined) svg += card({ x, y, w: tileW, h: tileH })
    else if (i % b.columns) svg += rule({ x, y: y + 18 }, { x, y: y + tileH - 18 })
    if (b.joined && i >= b.columns && i % b.columns === 0) {
      svg += rule({ x: box.x + 18, y }, { x: box.x + box.w - 18, y })
    }
    svg += text(x + 18, y + 32, tile.label, { size: 14, fill: MUTED })
    const value = b.large ? { size: 40, bold: true, spacing: -1 } : { size: 26, bold: true }
    svg += text(x + 17, y + (b.large ? 80 : 70), tile.value, value)
    if (tile.note) svg += text(x + 18, y + tileH - 14, tile.note, { size: 13, bold: true, fill: accent })
  })
  return { svg, height }
}

function drawChart(b: Extract<Block, { kind: 'chart' }>, box: Box, accent: string, id: string): Drawn {
  const height = b.spec.height + 74
  const area = { x: box.x + 20, y: box.y + 54, w: box.w - 40, h: b.spec.height }
  const svg = card({ ...box, h: height }) + sectionTitle(box, b.title, b.aside) + chartArea(area, b.spec, accent, id)
  return { svg, height }
}

function drawDonut(b: Extract<Block, { kind: 'donut' }>, box: Box, accent: string): Drawn {
  const height = 232
  const centre = { x: box.x + 112, y: box.y + 132 }
  let svg = card({ ...box, h: height }) + sectionTitle(box, b.title)
  const [main] = b.legend
  svg += donut(centre, 70, main.share, accent)
  svg += text(centre.x, centre.y + 4, main.value, { size: 26, bold: true, anchor: 'middle', spacing: -1 })
  svg += text(centre.x, centre.y + 26, 'of views', { size: 12, fill: MUTED, anchor: 'middle' })
  b.legend.forEach((row, i) => {
    const y = box.y + 82 + i * 62
    const dot = `<circle cx="${box.x + 232}" cy="${y - 5}" r="6" fill="${accent}"${i ? ' fill-opacity="0.3"' : ''}/>`
    svg += dot + text(box.x + 248, y, row.label, { size: 15, fill: MUTED })
    svg += text(box.x + 248, y + 34, row.value, { size: 28, bold: true, fill: i ? INK : accent })
  })
  return { svg, height }
}

function drawRows(b: Extract<Block, { kind: 'rows' }>, box: Box, accent: string): Drawn {
  const rowH = 46
  const height = 58 + b.rows.length * rowH
  let svg = card({ ...box, h: height }) + sectionTitle(box, b.title, b.aside)
  b.rows.forEach((row, i) => {
    svg += progressRow({ x: box.x + 20, y: box.y + 56 + i * rowH, w: box.w - 40, h: rowH }, row, accent)
  })
  return { svg, height }
}

function drawBlock(block: Block, box: Box, accent: string, id: string): Drawn {
  switch (block.kind) {
    case 'range':
      return drawRange(block, box, accent)
    case 'hero':
      return drawHero(block, box, accent, id)
    case 'tiles':
      return drawTiles(block, box, accent)
    case 'chart':
      return drawChart(block, box, accent, id)
    case 'donut':
      return drawDonut(block, box, accent)
    case 'rows':
      return drawRows(block, box, accent)
  }
}

/** A copy of the block with its chart grown by `extra` px, or undefined if it has no chart. */
function stretched(block: Block, extra: number): Block | undefined {
  if (block.kind === 'hero' && block.chart) {
    return { ...block, chart: { ...block.chart, height: block.chart.height + extra } }
  }
  if (block.kind === 'chart') return { ...block, spec: { ...block.spec, height: block.spec.height + extra } }
  return undefined
}

/** Stacks the blocks under the header; returns the SVG and the y of the last block's bottom edge. */
function stack(blocks: Block[], accent: string): { body: string; bottom: number } {
  let y = HEADER_HEIGHT + PAD
  let body = ''
  blocks.forEach((block, i) => {
    const drawn = drawBlock(block, { x: PAD, y, w: WIDTH - PAD * 2, h: 0 }, accent, `g${i}`)
    body += drawn.svg
    y += drawn.height + GAP
  })
  return { body, bottom: y - GAP }
}

/** Lays the design out, growing its last chart so the cards reach the bottom margin. */
function renderSvg(design: Design): string {
  const first = stack(design.blocks, design.accent)
  const spare = HEIGHT - PAD - first.bottom
  if (spare < 0) throw new Error(`"${design.title}" overflows the canvas by ${-spare}px`)
  let blocks = design.blocks
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i]
    const grown = block && stretched(block, spare)
    if (grown) {
      blocks = blocks.map((b, j) => (j === i ? grown : b))
      break
    }
  }
  const { body } = stack(blocks, design.accent)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<g font-family="${FONT}">` +
    rect({ x: 0, y: 0, w: WIDTH, h: HEIGHT }, PAGE) +
    drawHeader(design.title, design.accent) +
    body +
    '</g></svg>'
  )
}

// ---------------------------------------------------------------------------
// The six designs
// ---------------------------------------------------------------------------

const designs: Design[] = [
  {
    title: 'Insights',
    accent: '#e1306c',
    blocks: [
      { kind: 'range', label: 'Last 30 days', note: '1 Jun – 30 Jun' },
      {
        kind: 'hero',
        label: 'Views',
        value: '34M',
        delta: '▲ 86%',
        caption: '+86% vs. previous 30 days',
        chart: {
          height: 100,
          max: 40,
          chart: {
            kind: 'line',
            area: true,
            points: [0.8, 2, 3.1, 4.5, 6.2, 8, 10.1, 12.6, 15.2, 18.3, 21.8, 25.4, 29.6, 34],
          },
          xLabels: ['1 Jun', '10 Jun', '20 Jun', '30 Jun'],
          yLabels: ['40M', '30M', '20M', '10M', '0'],
        },
      },
      {
        kind: 'tiles',
        columns: 2,
        items: [
          { label: 'Accounts reached', value: '12.8M', note: '▲ 91%' },
          { label: 'Followers gained', value: '+48.2K', note: '▲ 64%' },
        ],
      },
      {
        kind: 'rows',
        title: 'Views by content type',
        rows: [
          { label: 'Reels', value: '28.9M', share: 85 },
          { label: 'Posts', value: '5.1M', share: 15 },
        ],
      },
    ],
  },
  {
    title: 'Professional dashboard',
    accent: '#4f46e5',
    blocks: [
      {
        kind: 'hero',
        label: 'Views · last 90 days',
        value: '19.6M',
        delta: '▲ 142%',
        caption: 'Across 38 posts, reels and stories',
      },
      {
        kind: 'chart',
        title: 'Views by week',
        aside: 'Mar – May',
        spec: {
          height: 100,
          chart: { kind: 'bars', values: [0.5, 0.6, 0.8, 0.7, 1.0, 1.2, 1.1, 1.5, 1.4, 1.9, 2.2, 2.3, 3.8] },
          xLabels: ['W1', 'W7', 'W13'],
        },
      },
      {
        kind: 'tiles',
        columns: 3,
        items: [
          { label: 'Reach', value: '7.9M', note: '▲ 118%' },
          { label: 'Profile visits', value: '412K', note: '▲ 76%' },
          { label: 'Link taps', value: '38.9K', note: '▲ 53%' },
        ],
      },
      {
        kind: 'rows',
        title: 'Top content',
        aside: 'Views',
        rows: [
          { label: 'Reel · Before & after', value: '6.2M', share: 100 },
          { label: 'Reel · Three quick tips', value: '3.8M', share: 61 },
        ],
      },
    ],
  },
  {
    title: 'Reel insights',
    accent: '#0d9488',
    blocks: [
      {
        kind: 'hero',
        label: 'Views',
        value: '3.5M',
        caption: 'Plays in the first 14 days',
        spark: {
          kind: 'line',
          dots: true,
          points: [0.2, 0.9, 1.6, 2.2, 2.6, 2.9, 3.1, 3.25, 3.35, 3.42, 3.46, 3.48, 3.49, 3.5],
        },
      },
      {
        kind: 'tiles',
        columns: 2,
        large: true,
        items: [
          { label: 'Engagement rate', value: '14.2%', note: '▲ 4.3× account average' },
          { label: 'Accounts engaged', value: '298K', note: '▲ 3.9× account average' },
        ],
      },
      {
        kind: 'tiles',
        columns: 4,
        items: [
          { label: 'Likes', value: '386K' },
          { label: 'Comments', value: '12.9K' },
          { label: 'Shares', value: '57.4K' },
          { label: 'Saves', value: '41.6K' },
        ],
      },
      {
        kind: 'chart',
        title: 'Views per day',
        aside: 'First 14 days',
        spec: {
          height: 100,
          chart: {
            kind: 'bars',
            highlight: 2,
            values: [0.2, 0.7, 0.74, 0.56, 0.41, 0.3, 0.2, 0.15, 0.1, 0.07, 0.04, 0.02, 0.01, 0.01],
          },
          xLabels: ['Day 1', 'Day 14'],
        },
      },
    ],
  },
  {
    title: 'Audience',
    accent: '#ea580c',
    blocks: [
      {
        kind: 'hero',
        label: 'Views · last 7 days',
        value: '1M',
        caption: '1,004,318 plays on one reel',
        chart: {
          height: 60,
          chart: { kind: 'bars', highlight: 3, values: [2, 9, 14, 18, 16, 12, 9] },
          xLabels: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
        },
      },
      {
        kind: 'donut',
        title: 'Who watched',
        legend: [
          { label: 'Non-followers', value: '99.8%', share: 99.8 },
          { label: 'Followers', value: '0.2%', share: 0.2 },
        ],
      },
      {
        kind: 'tiles',
        columns: 2,
        items: [
          { label: 'Accounts reached', value: '861K', note: 'Mostly new people' },
          { label: 'Follows', value: '+9,412', note: 'From this reel' },
        ],
      },
    ],
  },
  {
    title: 'Content overview',
    accent: '#7c3aed',
    blocks: [
      {
        kind: 'tiles',
        columns: 2,
        large: true,
        items: [
          { label: 'Views', value: '21.2M', note: '▲ 173%' },
          { label: 'Interactions', value: '1.6M', note: '▲ 128%' },
        ],
      },
      {
        kind: 'chart',
        title: 'Interactions per day',
        aside: 'Last 14 days',
        spec: {
          height: 100,
          max: 200,
          chart: { kind: 'line', area: true, points: [40, 52, 46, 66, 90, 83, 113, 141, 126, 160, 149, 178, 166, 192] },
          yLabels: ['200K', '100K', '0'],
        },
      },
      {
        kind: 'rows',
        title: 'Interaction breakdown',
        rows: [
          { label: 'Likes', value: '1.2M', share: 75 },
          { label: 'Shares', value: '214K', share: 13.4 },
          { label: 'Comments', value: '96.4K', share: 6 },
          { label: 'Saves', value: '88.1K', share: 5.5 },
        ],
      },
    ],
  },
  {
    title: 'Video analytics',
    accent: '#0284c7',
    blocks: [
      {
        kind: 'hero',
        label: 'Video views',
        value: '3.5M',
        delta: '▲ 212%',
        caption: 'Posted 12 May · 0:34 long',
        spark: { kind: 'line', area: true, points: [1, 3, 8, 14, 19, 22, 24, 25, 25.6, 26] },
      },
      {
        kind: 'tiles',
        columns: 3,
        joined: true,
        items: [
          { label: 'Play time', value: '9.8K h' },
          { label: 'Avg. watch', value: '0:27' },
          { label: 'Full watch', value: '61.4%' },
          { label: 'Likes', value: '402K' },
          { label: 'Comments', value: '7,936' },
          { label: 'New followers', value: '18.7K' },
        ],
      },
      {
        kind: 'rows',
        title: 'Traffic source',
        aside: 'Share of views',
        rows: [
          { label: 'For You feed', value: '91.2%', share: 91.2 },
          { label: 'Personal profile', value: '4.1%', share: 4.1 },
          { label: 'Search', value: '2.6%', share: 2.6 },
          { label: 'Following', value: '1.3%', share: 1.3 },
        ],
      },
    ],
  },
]

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

async function writeImage(svg: string, width: number, file: string): Promise<number> {
  const height = Math.round((width * HEIGHT) / WIDTH)
  const density = (72 * width) / WIDTH
  const data = await sharp(Buffer.from(svg), { density }).resize(width, height).webp(WEBP).toBuffer()
  await writeFile(file, data)
  return data.length
}

async function main(): Promise<void> {
  await mkdir(OUTPUT_DIR, { recursive: true })
  for (const [index, design] of designs.entries()) {
    const svg = renderSvg(design)
    for (const width of OUTPUT_WIDTHS) {
      const name = `result-${index + 1}-${width}.webp`
      const bytes = await writeImage(svg, width, OUTPUT_DIR + name)
      console.log(`${name}  ${(bytes / 1024).toFixed(1)} KB`)
    }
  }
}

await main()
