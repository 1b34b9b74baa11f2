-- Issue 23 (enrolment written once): `device_enrol` is the only place the enrolment's rules are written. Its 'slow'
-- answer (the seat summary cannot answer: no row yet, or a grant expired since its count) no longer sends the caller
-- down a second copy of the rules in TypeScript: the caller recounts the summary from the ledger and calls the
-- function again with a null rate key, which skips the rate limit (the first call counted the attempt).
-- Otherwise the function of 0024, unchanged.
CREATE OR REPLACE FUNCTION device_enrol(
  p_rate_key text, p_rate_max integer, p_rate_window integer,
  p_enrolment_token_hash text, p_family text, p_serial text, p_app_name text,
  p_presented_hash text, p_token_hash text, p_now timestamptz,
  p_device_name text, p_app_version_code text, p_device_model text, p_os_version text,
  p_mac_address text, p_local_ip_address text, p_battery_level integer, p_fcm_token text,
  p_ip text, p_source text, p_actor_kind text, p_message_new text, p_message_again text
) RETURNS TABLE (
  r_outcome text, r_retry_after double precision, r_customer_id uuid, r_email text,
  r_device_id uuid, r_profile_id uuid, r_policy_version integer, r_again boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
  v_retry double precision;
  v_customer_id uuid;
  v_email text;
  v_disabled_at timestamptz;
  v_expires_at timestamptz;
  v_max_uses integer;
  v_found boolean;
  v_device_id uuid;
  v_logged_out_at timestamptz;
  v_stored_hash text;
  v_needs_seat boolean;
  v_purchased integer;
  v_used integer;
  v_next timestamptz;
  v_profile_id uuid;
  v_policy_version integer;
BEGIN
  IF p_rate_key IS NOT NULL THEN
    INSERT INTO rate_limit_counters AS c (key, window_start, count)
      VALUES (p_rate_key, to_timestamp(floor(extract(epoch from now()) / p_rate_window) * p_rate_window), 1)
      ON CONFLICT (key, window_start) DO UPDATE SET count = c.count + 1
      RETURNING c.count, extract(epoch from (c.window_start + make_interval(secs => p_rate_window) - now()))::float
      INTO v_count, v_retry;
    IF v_count > p_rate_max THEN
      RETURN QUERY SELECT 'rate_limited', v_retry, NULL::uuid, NULL::text, NULL::uuid, NULL::uuid, NULL::integer, NULL::boolean;
      RETURN;
    END IF;
  END IF;

  SELECT c.id, c.email, c.disabled_at, c.enrolment_token_expires_at, c.enrolment_token_max_uses
    INTO v_customer_id, v_email, v_disabled_at, v_expires_at, v_max_uses
    FROM customers c WHERE c.enrolment_token_hash = p_enrolment_token_hash;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'token_invalid', NULL::float8, NULL::uuid, NULL::text, NULL::uuid, NULL::uuid, NULL::integer, NULL::boolean;
    RETURN;
  END IF;
  IF v_disabled_at IS NOT NULL THEN
    RETURN QUERY SELECT 'disabled', NULL::float8, v_customer_id, v_email, NULL::uuid, NULL::uuid, NULL::integer, NULL::boolean;
    RETURN;
  END IF;
  IF v_expires_at IS NOT NULL AND v_expires_at <= p_now THEN
    RETURN QUERY SELECT 'token_expired', NULL::float8, v_customer_id, v_email, NULL::uuid, NULL::uuid, NULL::integer, NULL::boolean;
    RETURN;
  END IF;

  -- The family's pool key of licences/repository.ts lockFamilyPool (shared here: enrolments run side by side, a
  -- refund or seat edit takes it exclusively), then the serial's own key.
  PERFORM pg_advisory_xact_lock_shared(hashtext('licence:' || v_customer_id::text), hashtext(p_family));
  PERFORM pg_advisory_xact_lock(hashtext('enrol:' || v_customer_id::text), hashtext(p_family || ':' || p_serial));
  SELECT d.id, d.logged_out_at, d.token_hash INTO v_device_id, v_logged_out_at, v_stored_hash
    FROM devices d WHERE d.customer_id = v_customer_id AND d.family = p_family AND d.serial_number = p_serial
    FOR UPDATE;
  v_found := FOUND;
  IF v_found AND v_logged_out_at IS NULL
     AND (p_presented_hash IS NULL OR v_stored_hash IS NULL OR v_stored_hash <> p_presented_hash) THEN
    RETURN QUERY SELECT 'active', NULL::float8, v_customer_id, v_email, v_device_id, NULL::uuid, NULL::integer, true;
    RETURN;
  END IF;
  v_needs_seat := NOT v_found OR v_logged_out_at IS NOT NULL;
  IF v_needs_seat THEN
    SELECT s.purchased, s.used, s.next_expiry_at INTO v_purchased, v_used, v_next
      FROM customer_seats s WHERE s.customer_id = v_customer_id AND s.family = p_family;
    IF NOT FOUND OR (v_next IS NOT NULL AND v_next <= p_now) THEN
      RETURN QUERY SELECT 'slow', NULL::float8, v_customer_id, v_email, NULL::uuid, NULL::uuid, NULL::integer, NULL::boolean;
      RETURN;
    END IF;
    IF v_purchased - v_used < 1 THEN
      RETURN QUERY SELECT 'no_licence', NULL::float8, v_customer_id, v_email, NULL::uuid, NULL::uuid, NULL::integer, NULL::boolean;
      RETURN;
    END IF;
  END IF;

  BEGIN
    IF v_found THEN
      UPDATE devices SET
        device_name = p_device_name, app_name = p_app_name, app_version_code = p_app_version_code,
        device_model = p_device_model, os_version = p_os_version, mac_address = p_mac_address,
        local_ip_address = p_local_ip_address, battery_level = coalesce(p_battery_level, battery_level),
        fcm_token = p_fcm_token, token_hash = p_token_hash, token_issued_at = p_now, last_seen_at = p_now,
        logged_out_at = NULL,
        enrolled_at = CASE WHEN v_logged_out_at IS NOT NULL THEN p_now ELSE enrolled_at END,
        updated_at = clock_timestamp()
      WHERE id = v_device_id;
      UPDATE profiles SET profile_name = p_device_name, app_name = p_app_name, updated_at = clock_timestamp()
        WHERE device_id = v_device_id
        RETURNING id, policy_version INTO v_profile_id, v_policy_version;
    ELSE
      INSERT INTO devices (
        customer_id, family, serial_number, app_installation_date, enrolled_at, device_name, app_name,
        app_version_code, device_model, os_version, mac_address, local_ip_address, battery_level, fcm_token,
        token_hash, token_issued_at, last_seen_at, logged_out_at
      ) VALUES (
        v_customer_id, p_family, p_serial, p_now, p_now, p_device_name, p_app_name,
        p_app_version_code, p_device_model, p_os_version, p_mac_address, p_local_ip_address, p_battery_level, p_fcm_token,
        p_token_hash, p_now, p_now, NULL
      ) RETURNING id INTO v_device_id;
    END IF;
    IF v_profile_id IS NULL THEN
      INSERT INTO profiles (customer_id, device_id, name, profile_name, app_name, family, policy_version)
        VALUES (v_customer_id, v_device_id, p_serial, p_device_name, p_app_name, p_family, 0)
        RETURNING id, policy_version INTO v_profile_id, v_policy_version;
    END IF;
    INSERT INTO device_logs (customer_id, device_id, serial_number, device_name, device_activity, activity_result)
      VALUES (v_customer_id, v_device_id, p_serial, p_device_name,
              CASE WHEN v_found THEN 'Enrolled (again)' ELSE 'Enrolled' END, 'Success');
    INSERT INTO audit_entries (customer_id, email, type, sub_type, message, source, has_error, ip, actor_kind, actor_id)
      VALUES (v_customer_id, v_email, 'Device', 'Enrol', CASE WHEN v_found THEN p_message_again ELSE p_message_new END,
              p_source, false, p_ip, p_actor_kind, v_device_id);
    IF v_needs_seat THEN
      -- One use of the token (enrolment_token_counters, migration 0025: not the customers row, which every foreign
      -- key above reads), atomic against its limit; a row of another token (rotated meanwhile) counts nothing.
      IF v_max_uses IS NOT NULL AND v_max_uses < 1 THEN
        RAISE EXCEPTION 'enrolment token used up' USING ERRCODE = 'FDE03';
      END IF;
      INSERT INTO enrolment_token_counters AS t (customer_id, token_hash, uses)
        VALUES (v_customer_id, p_enrolment_token_hash, 1)
        ON CONFLICT (customer_id) DO UPDATE SET uses = t.uses + 1
          WHERE t.token_hash = excluded.token_hash AND (v_max_uses IS NULL OR t.uses < v_max_uses);
      IF NOT FOUND THEN
        RAISE EXCEPTION 'enrolment token used up' USING ERRCODE = 'FDE03';
      END IF;
      UPDATE customer_seats SET used = used + 1, updated_at = now()
        WHERE customer_id = v_customer_id AND family = p_family AND used < purchased
          AND (next_expiry_at IS NULL OR next_expiry_at > now());
      IF NOT FOUND THEN
        SELECT s.next_expiry_at INTO v_next FROM customer_seats s
          WHERE s.customer_id = v_customer_id AND s.family = p_family;
        -- The summary is current and full: no seat. Otherwise it cannot answer: the ledger path decides.
        IF FOUND AND (v_next IS NULL OR v_next > clock_timestamp() + interval '1 second') THEN
          RAISE EXCEPTION 'no licence' USING ERRCODE = 'FDE02';
        END IF;
        RAISE EXCEPTION 'summary cannot answer' USING ERRCODE = 'FDE01';
      END IF;
      UPDATE customer_seats SET used = used + 1, updated_at = now()
        WHERE customer_id = v_customer_id AND family = 'ALL';
    END IF;
  EXCEPTION
    WHEN SQLSTATE 'FDE01' THEN
      RETURN QUERY SELECT 'slow', NULL::float8, v_customer_id, v_email, NULL::uuid, NULL::uuid, NULL::integer, NULL::boolean;
      RETURN;
    WHEN SQLSTATE 'FDE02' THEN
      RETURN QUERY SELECT 'no_licence', NULL::float8, v_customer_id, v_email, NULL::uuid, NULL::uuid, NULL::integer, NULL::boolean;
      RETURN;
    WHEN SQLSTATE 'FDE03' THEN
      RETURN QUERY SELECT 'used_up', NULL::float8, v_customer_id, v_email, NULL::uuid, NULL::uuid, NULL::integer, NULL::boolean;
      RETURN;
  END;
  RETURN QUERY SELECT 'ok', NULL::float8, v_customer_id, v_email, v_device_id, v_profile_id, v_policy_version, v_found;
END $$;
