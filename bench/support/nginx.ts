import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../server/testing/free-port.ts'

/**
 * nginx serving the same built files the way a tuned static host would:
 * precompressed brotli and gzip, sendfile, a year of caching for hashed assets,
 * and `headers` on every answer (the site's security headers, so both servers
 * send answers of the same size). Two workers, one per core, on any core,
 * unless told otherwise (`cpus` as taskset takes them, e.g. '0').
 */
export async function startNginx(
  webRoot: string,
  headers: Record<string, string> = {},
  { workers = 2, cpus }: { workers?: number; cpus?: string } = {},
) {
  const quote = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
  // add_header in a location replaces the server's, so each location lists them all.
  const addHeaders = (cacheControl: string) =>
    Object.entries({ ...headers, 'Cache-Control': cacheControl })
      .map(([name, value]) => `add_header ${name} ${quote(value)} always;`)
      .join(' ')
  const dir = await mkdtemp(join(tmpdir(), 'bench-nginx-'))
  const port = await freePort()
  await writeFile(
    join(dir, 'nginx.conf'),
    `load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  gzip_static on;
  brotli_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${webRoot};
    location /assets/ { ${addHeaders('public, max-age=31536000, immutable')} }
    location / { ${addHeaders('no-cache')} try_files $uri /index.html; }
  }
}
`,
  )
  const args = ['-c', join(dir, 'nginx.conf'), '-p', dir]
  // taskset runs nginx in its own place (exec), so `child` is nginx either way.
  const child =
    cpus === undefined
      ? spawn('nginx', args, { stdio: ['ignore', 'ignore', 'pipe'] })
      : spawn('taskset', ['-c', cpus, 'nginx', ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt++) {
    if (
      await fetch(`${url}/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (child.exitCode !== null || attempt >= 100) {
      child.kill('SIGTERM')
      throw new Error(
        `nginx did not start: ${stderr || (await readFile(join(dir, 'error.log'), 'utf8').catch(() => ''))}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      await rm(dir, { recursive: true, force: true })
    },
  }
}
