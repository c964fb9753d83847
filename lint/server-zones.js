// The lines inside server/: the declared feature graph, the machinery's order, cli/ and testing/.
// eslint.config.js applies them to server/; server/lint-boundaries.test.ts shows they hold.

// The server is cut by feature. A feature is one thing the site does; it uses
// the shared machinery below the features, and of the other features only those
// this graph names: what a feature needs of another is declared here, where a
// reader (and server/lint-boundaries.test.ts) can see it. The graph has no cycle.
// Only the composition roots (app.ts, with inbox-api.ts for the inbox's API;
// main.ts, serve.ts; the commands in cli/) put features together.
export const FEATURE_GRAPH = {
  // What happens to a lead: its status and history, opened, booked, not spam.
  'lead-lifecycle': ['notify'],
  applications: ['notify', 'conversions'],
  leads: ['lead-lifecycle', 'notify'],
  bookings: ['lead-lifecycle', 'notify'],
  funnel: ['lead-lifecycle'],
  // Ad spend as entered; the funnel's money table reads its table.
  spend: [],
  // Conversions to the ad platforms: a lead's consent and match keys (the insert records them, ADR 047), rows written
  // by the database's triggers (ADR 048), sent through platforms/, the wire (ADR 049).
  conversions: [],
  notify: [],
  accounts: [],
  backups: [],
}
// A feature others reach only through its port: these files of it, and no other.
// A feature not named here may be used whole by those the graph allows.
export const FEATURE_PORTS = { notify: ['notifications.ts', 'follow-up-state.ts'] }
const FEATURES = Object.keys(FEATURE_GRAPH)
// Shared machinery, and which of it each folder may use: postgrest/ (the
// /rest/v1 protocol) answers through http/ (what every answer shares); export/
// is the CSV writer and the paced export; db-copy/ is the copy and backup engine;
// db/ is the bottom.
const SHARED_USES = { postgrest: ['http', 'db'], http: ['db'], export: ['db'], 'db-copy': ['db'], db: [] }
const SHARED = Object.keys(SHARED_USES)
const CONFIG = ['server/config.ts', 'server/config', 'server/project-root.ts']
// The root's files that put features together, and the process around them.
const COMPOSERS = ['app.ts', 'inbox-api.ts', 'main.ts', 'serve.ts', 'cluster.ts', 'stop-signals.ts'].map(
  (file) => `server/${file}`,
)
const server = (folders) => folders.map((folder) => `server/${folder}`)
const ABOVE_SHARED = [...server(FEATURES), ...COMPOSERS]

export const SERVER_FOLDERS = [
  ...FEATURES.flatMap((feature) => {
    const uses = FEATURE_GRAPH[feature]
    const allowed = uses.length === 0 ? 'no other feature' : uses.map((use) => `${use}/`).join(', ')
    return [
      {
        target: `server/${feature}`,
        from: [...server(FEATURES.filter((other) => other !== feature && !uses.includes(other))), ...COMPOSERS],
        message: `${feature}/ is a feature: it uses db/, http/, postgrest/, export/, the config and, of the features, ${allowed} (FEATURE_GRAPH in eslint.config.js; app.ts or inbox-api.ts composes the rest).`,
      },
      ...uses
        .filter((use) => use in FEATURE_PORTS)
        .map((use) => ({
          target: `server/${feature}`,
          from: `server/${use}`,
          except: FEATURE_PORTS[use].map((file) => `./${file}`),
          message: `${feature}/ uses ${use}/ only through its port: ${FEATURE_PORTS[use].join(', ')} (FEATURE_PORTS in eslint.config.js).`,
        })),
    ]
  }),
  ...Object.entries(SHARED_USES).map(([folder, uses]) => ({
    target: `server/${folder}`,
    from: [...ABOVE_SHARED, ...server(SHARED.filter((other) => other !== folder && !uses.includes(other)))],
    message: `${folder}/ is shared machinery: it imports no feature, and of the rest only ${[...uses.map((use) => `${use}/`), 'the config'].join(', ')}.`,
  })),
  {
    target: CONFIG,
    from: [...ABOVE_SHARED, ...server(SHARED)],
    message: 'The configuration is read by everything, so it imports none of it.',
  },
  {
    // The root's other files (the project root, and what is still to come) are below the features too.
    target: 'server/!(app|inbox-api|main|serve|config).ts',
    from: server(FEATURES),
    message: 'Only app.ts, inbox-api.ts, main.ts, serve.ts and cli/ put features together.',
  },
  {
    target: ['server/!(cli)/**', 'server/*.ts'],
    from: 'server/cli',
    message: 'cli/ holds entry points only: move what they share into a feature or the shared machinery.',
  },
  {
    target: ['server/!(app).ts', 'server/*/**'],
    from: 'server/inbox-api.ts',
    message: 'The inbox’s API is composed for app.ts alone.',
  },
  {
    target: ['server/!(testing)/**', 'server/*.ts'],
    from: 'server/testing',
    message: 'testing/ supports tests; the server never runs it.',
  },
]
