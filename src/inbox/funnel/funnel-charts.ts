/** The charts and uPlot with them: one chunk, fetched only when the Funnel screen is shown. */
export { DaysChart } from './days-chart.tsx'
export { StagesChart } from './stages-chart.tsx'
