// The package ships no types; these are the two calls the data-directory lock makes.
declare module 'fs-native-extensions' {
  /** An exclusive (or, with shared, a shared) lock on the whole file; false when someone else holds one. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean
  export function unlock(fd: number): void
}
