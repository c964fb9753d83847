/** The charts' colours: each at least 3:1 against the white they are drawn on, as a graphic's parts need. */
export const chartColors = {
  visitors: '#1c1c28',
  applications: '#a16207',
  conversionRate: '#047857',
  grid: 'rgba(11, 11, 18, 0.1)',
  axis: '#0b0b12',
}
