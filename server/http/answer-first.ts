import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'

/**
 * Puts `first` in front of what the server does with a request: it answers
 * and returns true, or returns false and the request goes on to the
 * listeners the server had (Fastify's). Installed on the server Fastify made
 * rather than through its serverFactory option, with which Fastify would no
 * longer apply its timeouts nor listen on both of localhost's addresses.
 */
export function answerFirst(server: Server, first: (request: IncomingMessage, response: ServerResponse) => boolean) {
  const listeners = server.listeners('request') as RequestListener[]
  server.removeAllListeners('request')
  server.on('request', (request, response) => {
    if (first(request, response)) return
    for (const listener of listeners) listener.call(server, request, response)
  })
}
