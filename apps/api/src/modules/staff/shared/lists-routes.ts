export const PAGED =
  'Keyset-paged, newest first: `total` counts at most 10,000 rows (`totalCapped`); pages past them are reached with ' +
  '`nextCursor` (send it back as `cursor`).';
