export const KEYSET =
  'Keyset-paged: `total` counts at most 10,000 rows (`totalCapped`); pages past them are reached with `nextCursor` ' +
  '(send it back as `cursor` with the same filters and limit).';
