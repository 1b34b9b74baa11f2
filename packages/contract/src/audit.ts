import { z } from 'zod/mini';

/** Audit vocabulary (spec 2 §5). Every feature writes entries with these values. */
export const AUDIT_TYPES = ['User Account', 'Profile', 'Payments', 'Device'] as const;
export const auditTypeSchema = z.enum(AUDIT_TYPES);
export type AuditType = z.infer<typeof auditTypeSchema>;

export const AUDIT_SUB_TYPES = {
  'User Account': [
    'Registration',
    'Email Verified',
    'Login',
    'Logout',
    'Change Password',
    'Reset Password',
    'Two Step Setting Changed',
    'Update Profile',
    'Reseller Requested',
    'Reseller Approved',
    'Staff Login As',
    // Staff on Edit customer (issue 24): the customer's own reset flow started for them, the account disabled/enabled.
    'Reset Link Sent',
    'Account Disabled',
    'Account Enabled',
    'Chat User Created',
    'Chat User Deleted',
    'Chat Users Synced',
    // The account's team (DECISIONS §12): invites, members joining, role and group changes, removals.
    'Team',
    // The account's API keys (DECISIONS §13): created and revoked.
    'API Key',
    // Webhook endpoints (DECISIONS §13): created, changed, deleted, secret rotated.
    'Webhooks',
  ],
  Profile: [
    'Update',
    'Apply',
    'Application Update',
    'Application Sync',
    'Application Status Update',
    // Fleet operations (DECISIONS §10, issue 25): templates saved or deleted, groups and their devices.
    'Template',
    'Group',
    // Staged rollouts and bulk actions (DECISIONS §10).
    'Rollout Started',
    'Rollout Paused',
    'Rollout Resumed',
    'Rollout Cancelled',
    'Rollout Rolled Back',
    'Rollout Completed',
    'Bulk Action',
  ],
  Payments: [
    'Subscription Created',
    'Subscription Update',
    'Onetime Purchased',
    'Subscription Failed',
    'Onetime Purchased Failed',
    'Refund',
    'Dispute',
  ],
  Device: [
    'Enrol',
    'Logout',
    // Logged out by a refund or dispute (DECISIONS §14): not one of the customer's deleted devices.
    'Refund Logout',
    'Apply',
    'Export Created',
    'Export Restore',
    'Export Delete',
    'Export Application Delete',
    // Remote commands (DECISIONS §11, issue 26).
    'Command Sent',
    'Command Cancelled',
  ],
} as const satisfies Record<AuditType, readonly string[]>;
export type AuditSubType = (typeof AUDIT_SUB_TYPES)[AuditType][number];

export const AUDIT_SOURCES = ['Web', 'App'] as const;
export const auditSourceSchema = z.enum(AUDIT_SOURCES);
export type AuditSource = z.infer<typeof auditSourceSchema>;
