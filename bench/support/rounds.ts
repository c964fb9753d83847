/** The middle value (the mean of the middle two for an even count). */
export function median(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2
}

/**
 * Runs every step once a round, `rounds` times, each step's results in a list.
 * A figure and its reference measured in alternation see the same machine: a
 * minute of someone else's build slows both sides of one round, and the median
 * of the rounds' ratios drops the round it spoiled. Each round starts one step
 * later than the one before, so no step always runs first.
 */
export async function inRounds<Step extends string>(
  rounds: number,
  steps: Record<Step, () => number | Promise<number>>,
) {
  const names = Object.keys(steps) as Step[]
  const results = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Step, number[]>
  for (let round = 0; round < rounds; round++) {
    for (let index = 0; index < names.length; index++) {
      const name = names[(round + index) % names.length] as Step
      results[name][round] = await steps[name]()
    }
  }
  return results
}

/** The median over rounds of `ours[i] / reference[i]`. */
export const medianRatio = (ours: readonly number[], reference: readonly number[]) =>
  median(ours.map((value, round) => value / (reference[round] ?? Number.NaN)))
