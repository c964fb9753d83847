// Starts the server: `npm run serve` (or `npm start`, which builds first).
import cluster from 'node:cluster'
import { startCluster } from './cluster.ts'
import { loadConfigOrExit } from './config.ts'
import { consentSettingsOrExit } from './conversions/consent-config.ts'
import { keepFilesPrivate } from './db/private-files.ts'
import { readSiteManifestOrExit } from './http/site-manifest.ts'

// Before anything is written: the database, backups and exports are this user's alone.
keepFilesPrivate()

// Variables already set in the environment win over .env; cluster workers inherit them.
const config = loadConfigOrExit()
// Before any worker starts: a page that was never built stops the server once, with one message.
const site = readSiteManifestOrExit(config.webRoot)
// After .env is loaded (loadConfigOrExit): the ad platforms' consent, read from the same variables.
const consent = consentSettingsOrExit(process.env)

if (cluster.isPrimary && config.webConcurrency > 1) startCluster(config.webConcurrency)
else await (await import('./serve.ts')).serve(config, site, consent)
