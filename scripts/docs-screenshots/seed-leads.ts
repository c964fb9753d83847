// The leads the inbox's picture shows: fictional people and businesses, stored
// straight into the fresh database a few hours apart, with their statuses.
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
export const SEEDS: readonly Seed[] = [
  {
    name: 'Maya Chen',
    instagram: 'mayabakes.co',
    business: 'Artisan bakery, two shops',
    budget: '$2,000/mo',
    revenue: '$38k/$9k',
    challenges: 'Weekday footfall is flat and our Instagram ads stopped converting.',
    source: 'ig',
    status: 'new',
  },
  {
    name: 'Daniel Okafor',
    instagram: 'okafor.fitness',
    business: 'Online fitness coaching',
    budget: '$3,500/mo',
    revenue: '$52k/$21k',
    challenges: 'Lead quality from Facebook is poor; too many no-shows on calls.',
    source: 'fb',
    status: 'new',
  },
  {
    name: 'Sofia Marquez',
    instagram: 'sofia.skinlab',
    business: 'Skincare e-commerce',
    budget: '$5,000/mo',
    revenue: '$110k/$28k',
    challenges: 'Rising CAC on Meta and no email flows to speak of.',
    source: 'ig',
    status: 'new',
  },
  {
    name: 'Liam Walsh',
    instagram: 'walshroofing',
    business: 'Roofing contractor',
    budget: '$1,500/mo',
    revenue: '$80k/$16k',
    challenges: 'We rely on referrals and want a steady pipeline of quotes.',
    source: 'google',
    status: 'new',
  },
  {
    name: 'Aisha Rahman',
    instagram: 'aisha.designs',
    business: 'Interior design studio',
    budget: '$2,500/mo',
    revenue: '$45k/$15k',
    challenges: 'Beautiful portfolio, but it does not bring enquiries.',
    source: 'https://www.bing.com',
    status: 'new',
  },
  {
    name: 'Tom Becker',
    instagram: 'becker.saas',
    business: 'B2B SaaS for clinics',
    budget: '$8,000/mo',
    revenue: '$95k/$0',
    challenges: 'Demo bookings plateaued after the first paid campaigns.',
    source: 'google',
    status: 'new',
  },
  {
    name: 'Priya Nair',
    instagram: 'priya.yogaflow',
    business: 'Yoga studio and online classes',
    budget: '$1,200/mo',
    revenue: '$22k/$7k',
    challenges: 'Intro offers fill up but few people stay past the first month.',
    source: 'ig',
    status: 'new',
  },
  {
    name: 'Lucas Moreau',
    instagram: 'moreau.coffee',
    business: 'Specialty coffee subscriptions',
    budget: '$3,000/mo',
    revenue: '$60k/$14k',
    challenges: 'Churn after month three, and TikTok views that never turn into sales.',
    source: 'tiktok',
    status: 'new',
  },
  {
    name: 'Grace Liu',
    instagram: 'graceliu.law',
    business: 'Immigration law firm',
    budget: '$4,000/mo',
    revenue: '$130k/$40k',
    challenges: 'Competitors outbid us on every search term we care about.',
    source: 'google',
    status: 'new',
  },
  {
    name: 'Marcus Reid',
    instagram: 'reid.detailing',
    business: 'Mobile car detailing',
    budget: '$800/mo',
    revenue: '$18k/$6k',
    challenges: 'Booked solid in summer, empty in winter.',
    source: null,
    status: 'new',
  },
  {
    name: 'Elena Petrova',
    instagram: 'elena.coaches',
    business: 'Career coaching',
    budget: '$2,000/mo',
    revenue: '$30k/$20k',
    challenges: 'A webinar funnel that gets sign-ups but no sales.',
    source: 'fb',
    status: 'contacted',
  },
  {
    name: 'Noah Fischer',
    instagram: 'fischer.dental',
    business: 'Dental clinic',
    budget: '$6,000/mo',
    revenue: '$210k/$55k',
    challenges: 'We need more implant consultations, not more cleanings.',
    source: 'google',
    status: 'booked',
  },
  {
    name: 'Hannah Brooks',
    instagram: 'hannah.shoots',
    business: 'Wedding photography',
    budget: '$1,000/mo',
    revenue: '$15k/$9k',
    challenges: 'Enquiries arrive too late in the season to book.',
    source: 'ig',
    status: 'contacted',
  },
  {
    name: 'Kenji Sato',
    instagram: 'sato.ramen',
    business: 'Restaurant group, three venues',
    budget: '$4,500/mo',
    revenue: '$180k/$19k',
    challenges: 'Midweek covers and private dining both need filling.',
    source: 'ig',
    status: 'new',
  },
  {
    name: 'Olivia Grant',
    instagram: 'grant.realty',
    business: 'Real estate agency',
    budget: '$5,000/mo',
    revenue: '$90k/$30k',
    challenges: 'Seller leads, not buyer leads, are what we are short of.',
    source: 'fb',
    status: 'won',
  },
  {
    name: 'Samuel Adeyemi',
    instagram: 'adeyemi.tutors',
    business: 'Tutoring agency',
    budget: '$1,500/mo',
    revenue: '$26k/$8k',
    challenges: 'Parents compare us on price alone.',
    source: 'https://www.google.com',
    status: 'contacted',
  },
  {
    name: 'Chloe Dubois',
    instagram: 'chloe.atelier',
    business: 'Handmade jewellery shop',
    budget: '$900/mo',
    revenue: '$12k/$5k',
    challenges: 'Lots of likes on Instagram, very few checkouts.',
    source: 'ig',
    status: 'lost',
  },
  {
    name: 'Ryan Patel',
    instagram: 'patel.hvac',
    business: 'HVAC installer',
    budget: '$3,000/mo',
    revenue: '$140k/$25k',
    challenges: 'Lead-gen sites sell the same lead to five competitors.',
    source: 'google',
    status: 'booked',
  },
  {
    name: 'Isabel Costa',
    instagram: 'isabel.pilates',
    business: 'Pilates studio',
    budget: '$1,800/mo',
    revenue: '$28k/$10k',
    challenges: 'A new studio opened next door with an aggressive offer.',
    source: 'ig',
    status: 'contacted',
  },
  {
    name: 'Ethan Murphy',
    instagram: 'murphy.brews',
    business: 'Craft brewery and taproom',
    budget: '$2,200/mo',
    revenue: '$70k/$11k',
    challenges: 'Events sell out, but ordinary weekends are quiet.',
    source: 'https://duckduckgo.com',
    status: 'new',
  },
  {
    name: 'Fatima Zahra',
    instagram: 'fatima.modest',
    business: 'Modest fashion e-commerce',
    budget: '$6,500/mo',
    revenue: '$150k/$35k',
    challenges: 'Scaling past one hero product without losing margin.',
    source: 'tiktok',
    status: 'booked',
  },
  {
    name: 'Oscar Lindqvist',
    instagram: 'lindqvist.cabins',
    business: 'Holiday cabin rentals',
    budget: '$2,500/mo',
    revenue: '$48k/$18k',
    challenges: 'Too dependent on booking platforms and their fees.',
    source: 'google',
    status: 'won',
  },
  {
    name: 'Zoe Campbell',
    instagram: 'zoe.petgrooming',
    business: 'Dog grooming salon',
    budget: '$700/mo',
    revenue: '$14k/$5k',
    challenges: 'Repeat clients are great; new ones are hard to find.',
    source: null,
    status: 'contacted',
  },
  {
    name: 'Victor Huang',
    instagram: 'huang.physio',
    business: 'Physiotherapy practice',
    budget: '$3,200/mo',
    revenue: '$85k/$22k',
    challenges: 'Doctors refer less than they used to.',
    source: 'fb',
    status: 'booked',
  },
  {
    name: 'Amelia Scott',
    instagram: 'amelia.eats',
    business: 'Nutrition coaching',
    budget: '$1,400/mo',
    revenue: '$19k/$12k',
    challenges: 'My content reaches people who will never pay for coaching.',
    source: 'ig',
    status: 'lost',
  },
  {
    name: 'Mateo Rossi',
    instagram: 'rossi.pizzeria',
    business: 'Pizzeria with delivery',
    budget: '$1,600/mo',
    revenue: '$55k/$8k',
    challenges: 'Delivery apps take 30% and own the customer.',
    source: 'tiktok',
    status: 'contacted',
  },
  {
    name: 'Leah Goldberg',
    instagram: 'leah.g.therapy',
    business: 'Counselling practice',
    budget: '$1,100/mo',
    revenue: '$24k/$14k',
    challenges: 'Directories bring calls from outside our area.',
    source: 'google',
    status: 'won',
  },
  {
    name: 'Jonas Weber',
    instagram: 'weber.solar',
    business: 'Solar panel installer',
    budget: '$7,000/mo',
    revenue: '$260k/$45k',
    challenges: 'Long sales cycle; leads go cold before the site survey.',
    source: 'fb',
    status: 'booked',
  },
  {
    name: 'Nina Kowalski',
    instagram: 'nina.kbeauty',
    business: 'Beauty salon',
    budget: '$1,300/mo',
    revenue: '$21k/$7k',
    challenges: 'Gift-card sales spike at Christmas and vanish after.',
    source: 'ig',
    status: 'contacted',
  },
  {
    name: 'Caleb Turner',
    instagram: 'turner.gardens',
    business: 'Landscaping company',
    budget: '$2,000/mo',
    revenue: '$66k/$17k',
    challenges: 'Want bigger design-and-build jobs, not lawn mowing.',
    source: 'https://www.facebook.com',
    status: 'lost',
  },
  {
    name: 'Yasmin Haddad',
    instagram: 'yasmin.events',
    business: 'Event planning agency',
    budget: '$2,800/mo',
    revenue: '$40k/$13k',
    challenges: 'Corporate clients are the goal; we mostly get birthdays.',
    source: 'ig',
    status: 'won',
  },
  {
    name: 'Felix Andersson',
    instagram: 'andersson.bikes',
    business: 'E-bike shop',
    budget: '$2,400/mo',
    revenue: '$75k/$12k',
    challenges: 'Online research ends at the big retailers, not with us.',
    source: 'google',
    status: 'contacted',
  },
  {
    name: 'Ruby Collins',
    instagram: 'ruby.candleco',
    business: 'Candle e-commerce',
    budget: '$1,000/mo',
    revenue: '$17k/$6k',
    challenges: 'Shipping costs eat the margin on small orders.',
    source: 'tiktok',
    status: 'booked',
  },
  {
    name: 'Adrian Novak',
    instagram: 'novak.studio',
    business: 'Architecture practice',
    budget: '$3,800/mo',
    revenue: '$120k/$36k',
    challenges: 'Our best projects came by chance; we want them by design.',
    source: null,
    status: 'won',
  },
  {
    name: 'Lily Evans',
    instagram: 'lilyflowers',
    business: 'Florist',
    budget: '$600/mo',
    revenue: '$11k/$4k',
    challenges: 'Weddings and funerals only; we want weekly subscriptions.',
    source: 'ig',
    status: 'lost',
  },
  {
    name: 'Omar Haddad',
    instagram: 'omar.fitclub',
    business: 'Boutique gym',
    budget: '$2,600/mo',
    revenue: '$44k/$12k',
    challenges: 'Trials convert, but only when a coach follows up at once.',
    source: 'fb',
    status: 'contacted',
  },
]

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
    phone: index % 2 === 0 ? `+1415555${String(100 + index).padStart(4, '0')}` : `+44207946${String(100 + index).padStart(4, '0')}`,
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
      const id = await insertLead(db, { answers: answersOf(seed, index), attribution: attributionOf(seed.source, receivedAt), receivedAt })
      if (seed.status !== 'new') await db.query('UPDATE lead_pipeline SET status = $2 WHERE application_id = $1', [id, seed.status])
    }
  } finally {
    await db.close()
  }
}
