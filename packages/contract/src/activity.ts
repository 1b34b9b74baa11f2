import { z } from 'zod/mini';
import { AUDIT_SOURCES, AUDIT_SUB_TYPES, AUDIT_TYPES, type AuditType } from './audit.ts';
import { DEFAULT_PAGE_SIZE, documentedPageSize, idOf, numeric, PAGE_SIZES, text } from './common.ts';
import { withData } from './envelope.ts';

/**
 * Activity of the customer's fleet (spec 2 §2, §3, §7): device logs (`GET /api/v1/admin/device/log/list`), the audit
 * log (`GET /api/v1/admin/users/audit/list`), exports (`/api/v1/admin/users/export/…`) and their restore onto a
 * {product} profile (`POST /api/v1/admin/device/restore/pdDisabledApp`).
 *
 * Device logs and audit entries grow to 100M rows (DECISIONS §7), so their lists page by keyset (`cursor`) and
 * count at most LIST_COUNT_CAP rows: past it the answer says `totalCapped: true` ("10,000+ entries").
 */

/** The most rows a list counts; beyond it the total is shown as "10,000+". */
export const LIST_COUNT_CAP = 10_000;

const required = z.minLength(1, { error: 'is required' });
const maxLen = (n: number) => z.maxLength(n, { error: `must be at most ${n} characters` });

/** A query value sent empty (`?type=`) means "no filter", as old clients send it. */
export const blankAsAbsent = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((v: unknown) => (v === '' ? undefined : v)),
    z.optional(schema),
  );

export const pageQuerySchema = z._default(
  numeric(
    z.coerce
      .number({ error: 'must be a page number from 1' })
      .check(z.int({ error: 'must be a whole number' }), z.gte(1, { error: 'must be at least 1' })),
    'must be a page number from 1',
  ),
  1,
);
export const limitQuerySchema = z._default(
  numeric(
    documentedPageSize(
      z.coerce.number({ error: `must be one of ${PAGE_SIZES.join(', ')}` }).check(
        z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
          error: `must be one of ${PAGE_SIZES.join(', ')}`,
        }),
      ),
    ),
  ),
  DEFAULT_PAGE_SIZE,
);
const orderSchema = z._default(z.enum(['asc', 'desc'], { error: 'must be asc or desc' }), 'desc');

/**
 * The `nextCursor` of the previous page: the next page starts right after its last row. Without a cursor the list
 * answers `page` by position, which is allowed only within the counted rows (the first LIST_COUNT_CAP).
 */
export const cursorSchema = blankAsAbsent(
  text().check(
    z.trim(),
    maxLen(512),
    z.regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a cursor of this list (use nextCursor of the previous page)' }),
  ),
);

/** Paging of a keyset list: `total` counts at most LIST_COUNT_CAP rows (`totalCapped` when there are more). */
export const keysetPaginationSchema = z.object({
  page: z.int(),
  limit: z.int(),
  total: z.int(),
  totalCapped: z.boolean(),
  /** Send as `cursor` (with the same filters, sort and limit) for the page after this one; null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type KeysetPagination = z.infer<typeof keysetPaginationSchema>;

/** Paging of a small list (exports, chat users): an exact total. */
export const listPaginationSchema = z.object({ page: z.int(), limit: z.int(), total: z.int() });

// ------------------------------------------------------------------------------------------------- device logs

export const DEVICE_LOG_SORT_FIELDS = ['serialNumber', 'created_at'] as const;

/** `GET device/log/list`: `serialNumber` is an exact (trimmed) serial number; default newest first. */
export const deviceLogListQuerySchema = z.object({
  serialNumber: blankAsAbsent(text().check(z.trim(), maxLen(128))),
  page: pageQuerySchema,
  limit: limitQuerySchema,
  sort: z._default(
    z.enum(DEVICE_LOG_SORT_FIELDS, { error: `must be one of ${DEVICE_LOG_SORT_FIELDS.join(', ')}` }),
    'created_at',
  ),
  order: orderSchema,
  cursor: cursorSchema,
});
export type DeviceLogListQuery = z.input<typeof deviceLogListQuerySchema>;
export type DeviceLogSortField = (typeof DEVICE_LOG_SORT_FIELDS)[number];

/** Spec 2 "Device log". `deviceName` is '' when the device reported none. */
export const deviceLogSchema = z.object({
  _id: z.string(),
  serialNumber: z.string(),
  deviceName: z.string(),
  deviceActivity: z.string(),
  activityResult: z.string(),
  created_at: z.string(),
});
export type DeviceLog = z.infer<typeof deviceLogSchema>;

/** The rows are in `data.data` (spec 2 §7), the paging beside them in `data.pagination`. */
export const deviceLogListResponseSchema = withData(
  z.object({ data: z.array(deviceLogSchema), pagination: keysetPaginationSchema }),
);
export type DeviceLogListResponse = z.infer<typeof deviceLogListResponseSchema>;

// --------------------------------------------------------------------------------------------------- audit log

const ALL_SUB_TYPES: readonly string[] = Object.values(AUDIT_SUB_TYPES).flat();

/**
 * `GET users/audit/list`. `sub_type` needs `type` (the sub-types depend on it) and must be one of its sub-types;
 * `hasError` true lists failures (Status "Error"), false successes. Default newest first.
 */
export const auditListQuerySchema = z
  .object({
    type: blankAsAbsent(z.enum(AUDIT_TYPES, { error: `must be one of ${AUDIT_TYPES.join(', ')}` })),
    sub_type: blankAsAbsent(
      text().check(z.refine((v) => ALL_SUB_TYPES.includes(v), { error: 'is not a known sub-type' })),
    ),
    source: blankAsAbsent(z.enum(AUDIT_SOURCES, { error: `must be one of ${AUDIT_SOURCES.join(', ')}` })),
    hasError: blankAsAbsent(
      z.pipe(
        z.enum(['true', 'false'], { error: 'must be true or false' }),
        z.transform((v) => v === 'true'),
      ),
    ),
    /** Only what this member of the account did (DECISIONS §12; `GET team` lists the ids). */
    memberId: blankAsAbsent(idOf('member')),
    page: pageQuerySchema,
    limit: limitQuerySchema,
    order: orderSchema,
    cursor: cursorSchema,
  })
  .check(
    z.refine((q) => q.sub_type === undefined || q.type !== undefined, {
      error: 'needs type (the sub-types depend on the type)',
      path: ['sub_type'],
    }),
    z.refine(
      (q) =>
        q.sub_type === undefined ||
        q.type === undefined ||
        (AUDIT_SUB_TYPES[q.type] as readonly string[]).includes(q.sub_type),
      { error: 'is not a sub-type of this type', path: ['sub_type'] },
    ),
  );
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

/** Spec 2 "Audit entry". */
export const auditEntrySchema = z.object({
  _id: z.string(),
  type: z.string(),
  sub_type: z.string(),
  message: z.string(),
  source: z.string(),
  hasError: z.boolean(),
  created_at: z.string(),
  /**
   * Who did it (DECISIONS §12): the member of the account (name, or email), "Staff" for a staff member's login-as,
   * "Device" for what a device did; null for what the system did or a visitor's failed sign-in.
   */
  actor: z.optional(z.nullable(z.string())),
  /** The member who did it, for the audit page's member filter; null when not a member. */
  memberId: z.optional(z.nullable(z.string())),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = withData(
  z.object({ data: z.array(auditEntrySchema), pagination: keysetPaginationSchema }),
);
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** The sub-types the Sub-type filter offers for a type. */
export const auditSubTypesOf = (type: AuditType): readonly string[] => AUDIT_SUB_TYPES[type];

// ------------------------------------------------------------------------------------------------------ exports

const exportIdSchema = idOf('export');

export const exportListQuerySchema = z.object({ page: pageQuerySchema, limit: limitQuerySchema });
export type ExportListQuery = z.input<typeof exportListQuerySchema>;

/** Spec 2 "Export": `disabledApplications` are the package names the device had disabled. */
export const exportSchema = z.object({
  _id: z.string(),
  exportName: z.string(),
  serialNumber: z.string(),
  appName: z.string(),
  disabledApplications: z.array(z.string()),
  created_at: z.string(),
});
export type DeviceExport = z.infer<typeof exportSchema>;

export const exportListResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(exportSchema),
  pagination: listPaginationSchema,
});
export type ExportListResponse = z.infer<typeof exportListResponseSchema>;

export const exportDetailQuerySchema = z.object({ id: exportIdSchema });

/**
 * `GET export/detail`: the export and, per disabled package, its name and icon as the exporting device last
 * reported them ('' when that device no longer lists the package).
 */
export const exportDetailResponseSchema = withData(
  z.extend(exportSchema, {
    applications: z.array(z.object({ packageName: z.string(), appName: z.string(), appIcon: z.string() })),
  }),
);
export type ExportDetailResponse = z.infer<typeof exportDetailResponseSchema>;

/** DELETE calls take `id` from the query string or from a JSON body (old clients send either). */
export const exportDeleteInputSchema = z.object({ id: z.optional(exportIdSchema) });
export type ExportDeleteInput = z.input<typeof exportDeleteInputSchema>;

export const exportApplicationDeleteInputSchema = z.object({
  id: z.optional(exportIdSchema),
  app: z.optional(text().check(z.trim(), required, maxLen(255))),
});
export type ExportApplicationDeleteInput = z.input<typeof exportApplicationDeleteInputSchema>;

/** What both DELETE calls answer: the export as it was deleted, or as it is after removing the app. */
export const exportDeleteResponseSchema = withData(exportSchema);
export const exportApplicationDeleteResponseSchema = exportDeleteResponseSchema;

/** `POST device/restore/pdDisabledApp`: restore export `restoreId` onto {product} profile `profileId`. */
export const restoreDisabledAppsRequestSchema = z.object({
  profileId: idOf('profile'),
  restoreId: exportIdSchema,
});
export type RestoreDisabledAppsRequest = z.input<typeof restoreDisabledAppsRequestSchema>;

export const restoreDisabledAppsResponseSchema = withData(
  z.object({
    profileId: z.string(),
    /** Packages of the export now marked to be disabled on the target. */
    restored: z.int(),
    /** Of those, packages the target device had not reported: listed as Uninstalled until it reports them. */
    notOnDevice: z.int(),
  }),
);
export type RestoreDisabledAppsResponse = z.infer<typeof restoreDisabledAppsResponseSchema>;

/** A DELETE's JSON body is optional: old clients send the fields in the query string, others in the body. */
export const exportDeleteBodySchema = z.optional(z.nullable(exportDeleteInputSchema));
export const exportApplicationDeleteBodySchema = z.optional(z.nullable(exportApplicationDeleteInputSchema));
