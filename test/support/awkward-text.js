/**
 * Text that means something to SQL, to LIKE or to FTS5's query syntax: quotes, comments, statement ends, LIKE's
 * wildcards and escape, FTS5's operators, column filters, groups, prefixes and phrases. Tests put it in names and
 * queries to show that no part of a query reaches SQLite as syntax.
 */
export const AWKWARD_TEXTS = [
  "'",
  "x' OR '1'='1",
  '"',
  '""',
  '--',
  "'; DROP TABLE members; --",
  ';',
  '1; SELECT 1',
  'name) --',
  '%',
  '_',
  '%_%',
  '\\%',
  'ada OR grace',
  'ada AND NOT x',
  'NEAR(ada grace)',
  'name_folded : ada',
  '^ada',
  'ada*',
  '{name_folded email_folded} : x',
  'love" OR "ada',
];
