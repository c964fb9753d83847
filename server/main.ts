// Starts the server: `npm run serve` (or `npm start`, which builds first).
import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import { startCluster } from './cluster.ts'
import { parseConfigOrExit } from './config.ts'

// Variables already set in the environment win over the file; cluster workers inherit them.
if (existsSync('.env')) process.loadEnvFile('.env')
const config = parseConfigOrExit(process.env)

if (cluster.isPrimary && config.webConcurrency > 1) startCluster(config.webConcurrency)
else await import('./serve.ts')
