ALTER TABLE "device_groups" ADD COLUMN "device_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 25 ("group and rollout device lists: p95 ≤ 15 ms at 1M devices"): a group's member count was counted over
-- its members on every list (10,001 rows for a big group) and every group page (all of them). Now it is kept here:
-- a member counts while its device is enrolled (devices.logged_out_at is null), as profile/list shows members.
-- Row triggers, each firing only for rows whose group, device or enrolment changed: a move of 10,000 devices updates
-- the group rows 10,000 times in its transaction, an ack or a policy write not at all. Devices and profiles are
-- deleted only with their customer (cascade), whose groups go with them: a profile deleted after its device
-- counts nothing.
UPDATE device_groups g SET device_count = (
  SELECT count(*) FROM profiles p JOIN devices d ON d.id = p.device_id
   WHERE p.group_id = g.id AND d.logged_out_at IS NULL);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION group_count_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.group_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM devices d WHERE d.id = OLD.device_id AND d.logged_out_at IS NULL) THEN
    UPDATE device_groups SET device_count = device_count - 1 WHERE id = OLD.group_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.group_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM devices d WHERE d.id = NEW.device_id AND d.logged_out_at IS NULL) THEN
    UPDATE device_groups SET device_count = device_count + 1 WHERE id = NEW.group_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_group_count_insert AFTER INSERT ON profiles FOR EACH ROW
  WHEN (NEW.group_id IS NOT NULL) EXECUTE FUNCTION group_count_profile();
--> statement-breakpoint
CREATE TRIGGER profiles_group_count_update AFTER UPDATE ON profiles FOR EACH ROW
  WHEN (OLD.group_id IS DISTINCT FROM NEW.group_id OR OLD.device_id IS DISTINCT FROM NEW.device_id)
  EXECUTE FUNCTION group_count_profile();
--> statement-breakpoint
CREATE TRIGGER profiles_group_count_delete AFTER DELETE ON profiles FOR EACH ROW
  WHEN (OLD.group_id IS NOT NULL) EXECUTE FUNCTION group_count_profile();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION group_count_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE device_groups g SET device_count = g.device_count + CASE WHEN NEW.logged_out_at IS NULL THEN 1 ELSE -1 END
    FROM profiles p WHERE p.device_id = NEW.id AND g.id = p.group_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER devices_group_count_enrolment AFTER UPDATE ON devices FOR EACH ROW
  WHEN ((OLD.logged_out_at IS NULL) <> (NEW.logged_out_at IS NULL))
  EXECUTE FUNCTION group_count_device();
