-- Issue 14, item 1: every API process caches the device behind a token and the ETag of its policy for a short time.
-- These triggers tell all processes (LISTEN device_cache) the moment a cached answer stops being true: a token is
-- replaced or revoked (re-enrolment, logout, delete), a device's name or app changes, a policy is applied, or a
-- family's app-version config changes ('*': everything). NOTIFY is sent on commit and dropped on rollback.
CREATE OR REPLACE FUNCTION device_cache_notify_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('device_cache', OLD.id::text);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('device_cache', NEW.id::text);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION device_cache_notify_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('device_cache', OLD.device_id::text);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('device_cache', NEW.device_id::text);
  IF OLD.device_id IS DISTINCT FROM NEW.device_id THEN
    PERFORM pg_notify('device_cache', OLD.device_id::text);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION device_cache_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('device_cache', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER devices_cache_update AFTER UPDATE ON devices FOR EACH ROW
  WHEN (OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR OLD.logged_out_at IS DISTINCT FROM NEW.logged_out_at
    OR OLD.device_name IS DISTINCT FROM NEW.device_name
    OR OLD.app_name IS DISTINCT FROM NEW.app_name
    OR OLD.customer_id IS DISTINCT FROM NEW.customer_id
    OR OLD.family IS DISTINCT FROM NEW.family
    OR OLD.serial_number IS DISTINCT FROM NEW.serial_number)
  EXECUTE FUNCTION device_cache_notify_device();
--> statement-breakpoint
CREATE TRIGGER devices_cache_delete AFTER DELETE ON devices FOR EACH ROW EXECUTE FUNCTION device_cache_notify_device();
--> statement-breakpoint
CREATE TRIGGER profiles_cache_update AFTER UPDATE ON profiles FOR EACH ROW
  WHEN (OLD.policy_version IS DISTINCT FROM NEW.policy_version
    OR OLD.id IS DISTINCT FROM NEW.id
    OR OLD.device_id IS DISTINCT FROM NEW.device_id)
  EXECUTE FUNCTION device_cache_notify_profile();
--> statement-breakpoint
CREATE TRIGGER profiles_cache_delete AFTER DELETE ON profiles FOR EACH ROW EXECUTE FUNCTION device_cache_notify_profile();
--> statement-breakpoint
CREATE TRIGGER app_versions_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app_versions
  FOR EACH STATEMENT EXECUTE FUNCTION device_cache_notify_all();
