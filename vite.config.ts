import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type Plugin } from 'vite'
import { ADMIN_PAGE_PATH } from './common/admin-api.ts'
import { SITE_MANIFEST_FILE, siteManifestFor, type SiteManifest } from './common/site-manifest.ts'
import { parsePublicEnv } from './src/config/public-env.ts'
import { resolvePublicConfig } from './src/config/resolve-public-config.ts'

export default defineConfig({
  plugins: [react(), tailwindcss(), siteSettings(), adminPage()],
  build: { outDir: 'dist/web', emptyOutDir: true },
  server: { proxy: { '/rest': 'http://127.0.0.1:8080', '/api': 'http://127.0.0.1:8080' } },
})

/**
 * The page's VITE_* settings, taken from the environment Vite resolved: the one
 * it bakes into import.meta.env (the mode's .env files, .env.production and
 * .env.local included, under the process's own variables). A bad value stops
 * the build naming it. The client build writes what the page contacts to
 * site-manifest.json beside it, for the server's Content-Security-Policy.
 */
function siteSettings(): Plugin {
  let manifest: SiteManifest | undefined
  let ssr = false
  const built = () => {
    if (!manifest) throw new Error('site settings read before Vite resolved its configuration')
    return manifest
  }
  return {
    name: 'site-settings',
    configResolved(config) {
      manifest = siteManifestFor(resolvePublicConfig(parsePublicEnv(config.env)))
      ssr = Boolean(config.build.ssr)
    },
    // The video's host is known at build time: open the connection while the page paints.
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'preconnect', href: built().videoOrigin }, injectTo: 'head' },
    ],
    generateBundle() {
      if (ssr) return
      this.emitFile({ type: 'asset', fileName: SITE_MANIFEST_FILE, source: `${JSON.stringify(built(), null, 2)}\n` })
    },
  }
}

/**
 * The lead inbox (admin/index.html → src/inbox/main.tsx) is built on its own,
 * after the landing page and into the same directory. One build with both
 * entries would move what they share (React, the dialog) into common chunks
 * and so change the landing page's files; built apart, the landing page's
 * bytes do not depend on the inbox at all. The dev server serves both pages
 * as they are (docs/decisions/021-lead-inbox-page-apart.md).
 */
function adminPage(): Plugin {
  return {
    name: 'admin-page',
    // The dev server's fallback would give /admin/leads/1 the landing page: the inbox's views get the inbox.
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [path = '', query] = (request.url ?? '').split('?', 2)
        if (path === ADMIN_PAGE_PATH || (path.startsWith(`${ADMIN_PAGE_PATH}/`) && !path.includes('.'))) {
          request.url = `${ADMIN_PAGE_PATH}/index.html${query === undefined ? '' : `?${query}`}`
        }
        next()
      })
    },
    buildApp: {
      order: 'post',
      async handler(builder) {
        // The SSR build (vite build --ssr) has no client environment, and no inbox to build.
        const client = builder.environments.client
        if (!client) return
        await builder.build(client)
        const { root, mode, build: settings } = builder.config
        await build({
          configFile: false,
          root,
          mode,
          logLevel: builder.config.logLevel,
          plugins: [react(), tailwindcss()],
          build: {
            outDir: settings.outDir,
            emptyOutDir: false,
            rollupOptions: { input: { admin: 'admin/index.html' } },
          },
        })
      },
    },
  }
}
