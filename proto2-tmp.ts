import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { postgresTarget } from './reliability/support/targets.ts'
import { runWrk } from './bench/support/wrk.ts'
import { SUBMIT_HEADERS } from './reliability/support/submissions.ts'
const target = await postgresTarget()
const child = spawn(process.execPath, [...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof3'] : []), 'dist/server/server/main.js'], { env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '9920', SUBMIT_RATE_LIMIT: '0', LOG_LEVEL: process.env.LL ?? 'info', WEB_CONCURRENCY: process.env.WC ?? '1', ...target.env }, stdio: ['ignore', 'ignore', 'inherit'] })
for (let i = 0; i < 100; i++) { if (await fetch('http://127.0.0.1:9920/healthz').then(r => r.ok, () => false)) break; await new Promise(r => setTimeout(r, 200)) }
const answers = JSON.stringify({ instagram: '@northside.coaching', name: 'Jordan Avery', email: 'jordan.avery@example.com', phone: '+1 555 0100', business: 'Online fitness coaching for busy parents', budget: '$2,000 – $5,000', revenue: '$20,000 a month', challenges: 'Leads come in bursts from one ad; I want a steady pipeline and a team that follows up the same day.' }).slice(0, -1)
for (const c of (process.env.CS ?? '16,64').split(',').map(Number)) {
  console.log(c, runWrk('http://127.0.0.1:9920/rest/v1/contact_submissions', { seconds: 8, connections: c, headers: SUBMIT_HEADERS, script: { path: 'bench/support/submit.lua', args: [randomBytes(4).toString('hex'), answers] } }))
}
child.kill('SIGTERM'); await new Promise(r => child.once('exit', r)); await target.dispose()
