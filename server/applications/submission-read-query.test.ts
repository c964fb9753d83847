import { describe, expect, it } from 'vitest'
import { parseReadQuery as parse } from '../postgrest/read-query.ts'
import { SUBMISSIONS } from './submission-table.ts'

const parseReadQuery = (query: Record<string, unknown>) => parse(query, SUBMISSIONS)

describe('parseReadQuery', () => {
  it('reads nothing as every lead, unordered and unpaged', () => {
    expect(parseReadQuery({})).toEqual({
      select: '*',
      where: 'WHERE NOT "spam"',
      orderBy: '',
      limit: undefined,
      offset: 0,
      params: [],
    })
  })

  it('reads spam only when the query filters on it', () => {
    expect(parseReadQuery({ spam: 'eq.true' })).toMatchObject({ where: 'WHERE "spam" = $1', params: ['true'] })
  })

  it('quotes known columns and passes filter values as parameters', () => {
    expect(
      parseReadQuery({
        select: 'id, email',
        order: 'created_at.desc.nullslast,id',
        limit: '10',
        offset: '20',
        email: "eq.x'; DROP TABLE contact_submissions; --",
        id: ['gt.1', 'lt.9'],
        columns: '"name"',
      }),
    ).toEqual({
      select: '"id", "email"',
      where: 'WHERE NOT "spam" AND "email" = $1 AND "id" > $2 AND "id" < $3',
      orderBy: 'ORDER BY "created_at" DESC NULLS LAST, "id"',
      limit: 10,
      offset: 20,
      params: ["x'; DROP TABLE contact_submissions; --", '1', '9'],
    })
  })

  it.each([
    [{ select: 'id,"name"' }, 'PGRST100'],
    [{ select: 'id;drop' }, 'PGRST100'],
    [{ select: 'secret' }, '42703'],
    [{ order: 'id desc' }, 'PGRST100'],
    [{ order: 'id.asc.desc' }, 'PGRST100'],
    [{ limit: '1e3' }, 'PGRST100'],
    [{ offset: '-5' }, 'PGRST100'],
    [{ 'name;': 'eq.x' }, 'PGRST100'],
    [{ name: 'x' }, 'PGRST100'],
    [{ name: 'ilike.x' }, 'PGRST100'],
  ])('refuses %j with %s', (query, code) => {
    expect(() => parseReadQuery(query)).toThrow(expect.objectContaining({ code }) as Error)
  })
})
