import { z } from 'zod/mini';

/** Staff roles (spec 3 §6, DECISIONS §8). */
export const STAFF_ROLES = ['SuperAdmin', 'Admin', 'Support', 'Content'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

const EVERY_ROLE = STAFF_ROLES;
const SUPER_ADMIN = ['SuperAdmin'] as const;
/** Spec 3 §6: every role but Content sees the customer-care pages. */
const CUSTOMER_CARE = ['SuperAdmin', 'Admin', 'Support'] as const;
/** Money moves (offline sales, refunds, seat edits): people who answer for the books. */
const FINANCE = ['SuperAdmin', 'Admin'] as const;

/**
 * Which roles may use each back-office area: the one table the server (every staff route names its area; a role
 * outside it gets 403 `E_FORBIDDEN`), the back office's router guard and its sidebar all read. SuperAdmin-only pages
 * are those of spec 3 §6; Content is limited to Blogs, Videos, FAQ, Contact Us and Newsletters (DECISIONS §8).
 */
export const STAFF_AREAS = {
  /** The signed-in staff member's own account: detail, change password, logout. */
  account: EVERY_ROLE,
  staff: SUPER_ADMIN,
  dashboard: SUPER_ADMIN,
  paymentDashboard: SUPER_ADMIN,
  pricing: SUPER_ADMIN,
  paymentHistory: SUPER_ADMIN,
  upcomingExpire: SUPER_ADMIN,
  coupons: SUPER_ADMIN,
  customers: CUSTOMER_CARE,
  customerPayments: FINANCE,
  /** Opening a customer's console (DECISIONS §8, issue 24 M3): not Content, whose pages carry no login-as link. */
  loginAs: CUSTOMER_CARE,
  paymentErrors: CUSTOMER_CARE,
  devices: CUSTOMER_CARE,
  notifications: CUSTOMER_CARE,
  auditLogs: CUSTOMER_CARE,
  powerChatUsers: CUSTOMER_CARE,
  bloatware: CUSTOMER_CARE,
  exports: CUSTOMER_CARE,
  blogs: EVERY_ROLE,
  videos: EVERY_ROLE,
  faq: EVERY_ROLE,
  contactUs: EVERY_ROLE,
  newsletters: EVERY_ROLE,
  /** The page-view report (linked from the payment dashboard). */
  pageViews: SUPER_ADMIN,
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffArea = keyof typeof STAFF_AREAS;

/** Deny by default: an unknown area or role is refused. */
export const canUseArea = (role: StaffRole | null | undefined, area: StaffArea): boolean =>
  !!role && (STAFF_AREAS[area] as readonly StaffRole[] | undefined)?.includes(role) === true;

/** Audit rows of the staff members' own accounts and of back-office writes outside any customer's trail (no customer): `type: 'Staff Account'`. */
export const STAFF_AUDIT_SUB_TYPES = [
  'Login',
  'Logout',
  'Change Password',
  'Staff Created',
  'Staff Updated',
  'Login As',
  // Back-office writes that concern no one customer's trail (issue 11).
  'Deleted Devices Reset',
  'Bloatware Updated',
  // Website content and bulk exports, with the staff member who did it (issue 24).
  'FAQ Created',
  'FAQ Updated',
  'Blog Created',
  'Blog Updated',
  'Blog Deleted',
  'Video Created',
  'Video Deleted',
  'Data Exported',
] as const;
export type StaffAuditSubType = (typeof STAFF_AUDIT_SUB_TYPES)[number];

/** The areas a role opens, in table order (the back office's sidebar and `users/detail`). */
export const areasOfRole = (role: StaffRole): StaffArea[] =>
  (Object.keys(STAFF_AREAS) as StaffArea[]).filter((area) => canUseArea(role, area));
