// The leads the inbox's picture shows: fictional people and businesses, stored
// straight into the fresh database a few hours apart, with their statuses.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Attribution } from '../../common/attribution.ts'
import { openDatabase } from '../../server/db/open-database.ts'
import { insertLead } from '../../server/testing/seed-leads.ts'

type Status = 'new' | 'contacted' | 'booked' | 'won' | 'lost'

interface Seed {
  name: string
  instagram: string
  business: string
  budget: string
  revenue: string
  challenges: string
  /** A utm_source, or a referring site's origin, or null for a direct visit. */
  source: string | null
  status: Status
}

// Fictional people and businesses; phone numbers from the ranges kept for fiction.
export const SEEDS: readonly Seed[] = JSON.parse(
  readFileSync(join(import.meta.dirname, 'seeds.json'), 'utf8'),
) as Seed[]

/** Where a seeded lead came from, as the page would have recorded it. */
function attributionOf(source: string | null, receivedAt: Date): Attribution | null {
  if (source === null) return null
  const captured_at = new Date(receivedAt.getTime() - 6 * 60_000).toISOString()
  const touch = source.startsWith('https://')
    ? { referrer_origin: source, referrer_path: '/', landing_path: '/', captured_at }
    : { utm_source: source, utm_medium: 'paid', utm_campaign: 'strategy-call', landing_path: '/', captured_at }
  return { first_touch: touch, last_touch: touch }
}

function answersOf(seed: Seed, index: number): Record<string, string> {
  const first = seed.name.split(' ')[0]?.toLowerCase() ?? 'lead'
  return {
    instagram: seed.instagram,
    name: seed.name,
    email: `${first}@example.com`,
    phone:
      index % 2 === 0
        ? `+1415555${String(100 + index).padStart(4, '0')}`
        : `+44207946${String(100 + index).padStart(4, '0')}`,
    business: seed.business,
    budget: seed.budget,
    revenue: seed.revenue,
    challenges: seed.challenges,
  }
}

/** Stores the seeds in the fresh database, newest first a few hours apart, and sets their statuses. */
export async function seedLeads(dataDir: string): Promise<void> {
  const db = await openDatabase({ dataDir, databaseUrl: undefined })
  try {
    const now = Date.now()
    // Oldest first, so ids grow with time as they would have.
    for (const [index, seed] of [...SEEDS.entries()].reverse()) {
      const receivedAt = new Date(now - (index * 7 + 1) * 3_600_000 - index * 13 * 60_000)
      const id = await insertLead(db, {
        answers: answersOf(seed, index),
        attribution: attributionOf(seed.source, receivedAt),
        receivedAt,
      })
      if (seed.status !== 'new')
        await db.query('UPDATE lead_pipeline SET status = $2 WHERE application_id = $1', [id, seed.status])
    }
  } finally {
    await db.close()
  }
}
