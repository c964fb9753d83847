import type { z } from 'zod'
import {
  CONTACT_FIELDS,
  FIELD_MAX_LENGTH,
  contactSubmissionSchema,
  type ContactField,
  type ContactSubmission,
} from '../../common/contact-submission.ts'
import { PostgrestError, TABLE, checkViolation, invalidBody, notNullViolation } from './postgrest-error.ts'

/**
 * Reads the insert body supabase-js sends (`[{…}]`; a bare object is accepted as
 * PostgREST does) and returns the trimmed answers. Failures carry the code
 * PostgreSQL would have raised for the same row, so clients can treat this
 * server and a real PostgREST alike. No error repeats a submitted value.
 */
export function parseSubmission(body: string | undefined): ContactSubmission {
  if (body === undefined || body.trim() === '') throw invalidBody()
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw invalidBody()
  }
  const row: unknown = Array.isArray(json) ? onlyRow(json) : json
  if (typeof row !== 'object' || row === null || Array.isArray(row)) {
    throw invalidBody('Send one JSON object, or an array holding one object.')
  }
  const result = contactSubmissionSchema.safeParse(row)
  if (result.success) return result.data
  throw toPostgrestError(result.error.issues, row as Record<string, unknown>)
}

function onlyRow(rows: unknown[]): unknown {
  // The form sends one application per request; bulk inserts are not part of
  // the contract and would only widen what an anonymous caller can do.
  if (rows.length !== 1) throw invalidBody('Send exactly one row per request.')
  return rows[0]
}

// Column names are safe to quote back; arbitrary keys could be anything.
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

type Problem = 'type' | 'missing' | 'check'

// PostgreSQL fails on input syntax before NOT NULL, and on NOT NULL before CHECK.
const PRECEDENCE: Problem[] = ['type', 'missing', 'check']

function toPostgrestError(issues: z.core.$ZodIssue[], row: Record<string, unknown>): PostgrestError {
  const unknownKeys = issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []))
  const [firstUnknown] = unknownKeys
  if (firstUnknown !== undefined) {
    const name = IDENTIFIER.test(firstUnknown) ? `'${firstUnknown}' ` : ''
    const message = `Could not find the ${name}column of '${TABLE}' in the schema cache`
    return new PostgrestError(400, 'PGRST204', message)
  }

  const problems = new Map<ContactField, Problem>()
  for (const issue of issues) {
    const field = CONTACT_FIELDS.find((name) => name === issue.path[0])
    if (field === undefined || problems.has(field)) continue
    const value = row[field]
    if (value === undefined || value === null) problems.set(field, 'missing')
    else if (typeof value !== 'string') problems.set(field, 'type')
    else problems.set(field, 'check')
  }

  for (const problem of PRECEDENCE) {
    const field = CONTACT_FIELDS.find((name) => problems.get(name) === problem)
    if (field !== undefined) return fieldError(field, problem)
  }
  // Unreachable while the schema only has these fields; fail closed anyway.
  return invalidBody()
}

function fieldError(field: ContactField, problem: Problem): PostgrestError {
  switch (problem) {
    case 'type':
      return new PostgrestError(
        400,
        '22P02',
        'invalid input syntax for type text',
        `Column "${field}" expects a string.`,
      )
    case 'missing':
      return notNullViolation(field)
    case 'check':
      return checkViolation(
        `${TABLE}_${field}_check`,
        TABLE,
        `"${field}" must not be blank and must be at most ${FIELD_MAX_LENGTH[field]} characters long.`,
      )
  }
}
