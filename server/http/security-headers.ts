import fastifyPlugin from 'fastify-plugin'
import type { SiteManifest } from '../../common/site-manifest.ts'
import type { Config } from '../config.ts'

/** The server's settings, and what the page was built to contact (the build's site manifest). */
export type HeaderConfig = Pick<Config, 'hstsMaxAge'> & SiteManifest

// Powerful features the page never uses, denied to it and to anything it embeds.
// Only names Chromium knows: an unknown one logs an error in every visitor's console.
// The video's iframe keeps what its `allow` attribute asks for (autoplay, encrypted-media, …).
const DENIED_FEATURES = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'hid',
  'midi',
  'magnetometer',
  'display-capture',
  'idle-detection',
  'xr-spatial-tracking',
  'browsing-topics',
]
const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ')

/** The page's Content-Security-Policy directives. */
function contentSecurityDirectives({ apiOrigin, videoOrigin, hstsMaxAge }: HeaderConfig) {
  return {
    'default-src': ["'self'"],
    // The prerendered page has no inline scripts: keep it that way.
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // sonner (the toasts) adds a <style> element at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(apiOrigin === null ? [] : [apiOrigin])],
    'frame-src': [videoOrigin],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    // Only where HSTS says the site is HTTPS-only; on plain http://localhost it would break loading.
    ...(hstsMaxAge > 0 ? { 'upgrade-insecure-requests': [] } : {}),
  }
}

/** Serialises directives the way browsers read them: `name value value; name …`. */
function serializeDirectives(directives: Record<string, string[]>) {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ')
}

/**
 * The headers every response carries, computed once from the configuration:
 * the set helmet sends by default, with this page's policy. Setting a fixed
 * object in one synchronous hook costs a fraction of what helmet's per-request
 * middleware did (docs/decisions/007-serving-from-memory.md).
 */
export function securityHeaders(config: HeaderConfig): Record<string, string> {
  return {
    'content-security-policy': serializeDirectives(contentSecurityDirectives(config)),
    // After applying, the page opens the booking site in a new tab and needs the handle to it.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    // No Cross-Origin-Embedder-Policy: require-corp would stop the video's iframe from loading.
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Off unless asked for: a browser that saw it cannot reach the site over plain HTTP until it
    // expires. Only this host: the operator's other subdomains may not all speak HTTPS.
    ...(config.hstsMaxAge > 0 ? { 'strict-transport-security': `max-age=${config.hstsMaxAge}` } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    // The old XSS auditor did more harm than good; 0 turns it off where it still exists.
    'x-xss-protection': '0',
    'permissions-policy': PERMISSIONS_POLICY,
  }
}

/**
 * Security headers on every response Fastify sends: pages, assets, the 404
 * page, API answers and errors. Register it on the root instance, first, so
 * that its onRequest hook runs before anything can refuse a request.
 */
export const securityHeaderHook = fastifyPlugin<HeaderConfig>(async (app, config) => {
  const headers = securityHeaders(config)
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
})

/**
 * Headers for the few answers Fastify gives without running hooks: requests
 * Node could not parse or that timed out, and URLs it could not decode. Their
 * small JSON bodies need no resources, so their policy allows none.
 */
export function errorAnswerHeaders({ hstsMaxAge }: HeaderConfig): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    ...(hstsMaxAge > 0 ? { 'strict-transport-security': `max-age=${hstsMaxAge}` } : {}),
  }
}
