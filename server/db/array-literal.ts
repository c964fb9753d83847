/**
 * A list of ids or words as a PostgreSQL array literal (`{1,2,3}`), passed as one
 * text parameter and cast in the statement (`$1::bigint[]`): PGlite and
 * node-postgres take it the same way. Only for values with no comma, brace or quote.
 */
export const arrayLiteral = (values: readonly (number | string)[]) => `{${values.join(',')}}`
