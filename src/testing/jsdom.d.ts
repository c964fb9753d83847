// jsdom ships without type declarations; tests use it directly only to open a
// window unlike the test environment's (another origin, another storage quota).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string; storageQuota?: number })
    readonly window: Window & typeof globalThis
  }
}
