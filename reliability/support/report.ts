/** Prints a case's figures in one greppable block, so CI logs show them. */
export function report(title: string, figures: Record<string, string | number>) {
  const lines = Object.entries(figures).map(([name, value]) => `  ${name}: ${value}`)
  console.log(`\n[reliability] ${title}\n${lines.join('\n')}`)
}
