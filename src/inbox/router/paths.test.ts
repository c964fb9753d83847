import { adminPaths, viewOf } from './paths.ts'

describe('the inbox views', () => {
  it.each([
    ['/admin', { name: 'leads' }],
    ['/admin/', { name: 'leads' }],
    [adminPaths.lead(42), { name: 'lead', id: 42 }],
    [adminPaths.board, { name: 'board' }],
    [`${adminPaths.board}/`, { name: 'board' }],
    [adminPaths.funnel, { name: 'funnel' }],
    [`${adminPaths.funnel}/`, { name: 'funnel' }],
    [adminPaths.spend, { name: 'spend' }],
    [adminPaths.erasure, { name: 'erasure' }],
    [adminPaths.integrations, { name: 'integrations' }],
    [adminPaths.account, { name: 'account' }],
    ['/admin/leads/0', { name: 'not-found' }],
    ['/admin/leads/4x', { name: 'not-found' }],
    ['/admin/elsewhere', { name: 'not-found' }],
  ])('%s shows %o', (path, view) => {
    expect(viewOf(path)).toEqual(view)
  })
})
