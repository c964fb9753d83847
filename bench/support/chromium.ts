/**
 * Debian's Chromium by default; CHROMIUM_PATH points elsewhere. The flags keep
 * it from reaching for Google's services, which this network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Every host but this machine fails at once, so the video host's requests do not
  // hang and distort the figures; its bytes are not ours to count anyway.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
]
