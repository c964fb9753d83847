import { useEffect, useState } from 'react'

/** The time, read again every `intervalMs`: for ages ("2 h ago") that stay right while a page stays open. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
