-- DECISIONS §12: the device or group a Device or Profile audit row is about, so a group-scoped member's audit log
-- lists only their groups' rows. Nullable without a default: a catalogue-only change, however many rows the log has.
ALTER TABLE "audit_entries" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "group_id" uuid;