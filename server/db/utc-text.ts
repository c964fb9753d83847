/** A time column as text with microseconds, in UTC: what the inbox's API sends, and what a keyset cursor hands back exactly. */
export const utcText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
