/**
 * Counts the turns of the event loop, by a setImmediate callback that sets up
 * the next, until stop() or `limit` turns. Work that never lets the loop turn
 * sees the count stand still however long it takes; no clock is read.
 */
export function countTurns(limit = 1_000_000): { readonly turns: number; stop(): void } {
  let turns = 0
  let stopped = false
  const turn = () => {
    if (stopped || turns >= limit) return
    turns++
    setImmediate(turn)
  }
  setImmediate(turn)
  return {
    get turns() {
      return turns
    },
    stop() {
      stopped = true
    },
  }
}

/**
 * Tallies work done between turns of the event loop: add(n) after each piece,
 * then `most` is the largest amount done within a single turn.
 */
export function workPerTurn(counter: { readonly turns: number }) {
  let turn = -1
  let done = 0
  let most = 0
  return {
    add(amount: number) {
      if (counter.turns !== turn) {
        turn = counter.turns
        done = 0
      }
      done += amount
      most = Math.max(most, done)
    },
    get most() {
      return most
    },
  }
}
