CREATE TABLE "rollout_state_counts" (
	"rollout_id" uuid NOT NULL,
	"stage" smallint NOT NULL,
	"state" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "rollout_state_counts_rollout_id_stage_state_pk" PRIMARY KEY("rollout_id","stage","state")
);
--> statement-breakpoint
-- Issue 25: a rollout's counters and list totals were counted over its devices on every request (a GROUP BY over
-- 600,000 rows for a big group). Statement triggers keep them: one upsert per statement whatever its size (a stage of
-- 10,000 devices, a batch of 500 acks), the keys in order so two concurrent statements never wait on each other in
-- turn, and rows that come to 0 removed (a deleted rollout leaves none).
INSERT INTO rollout_state_counts (rollout_id, stage, state, n)
SELECT rollout_id, stage, state, count(*) FROM rollout_devices GROUP BY rollout_id, stage, state;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollout_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollout_state_counts AS c (rollout_id, stage, state, n)
  SELECT rollout_id, stage, state, count(*) FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (rollout_id, stage, state) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollout_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An UPDATE keeps its rows: the new rows counted less the old ones is each key's change (a check-in's seen_at
  -- changes none). No join of the two transition tables: they have no index, and a join of a 10,000-row stage
  -- ran past the statement timeout (bench/fleet.ts).
  INSERT INTO rollout_state_counts AS c (rollout_id, stage, state, n)
  SELECT rollout_id, stage, state, sum(d) FROM (
    SELECT rollout_id, stage, state, 1 AS d FROM new_rows
    UNION ALL
    SELECT rollout_id, stage, state, -1 FROM old_rows
  ) moved GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (rollout_id, stage, state) DO UPDATE SET n = c.n + excluded.n;
  DELETE FROM rollout_state_counts c USING (SELECT DISTINCT rollout_id FROM new_rows) r
   WHERE c.rollout_id = r.rollout_id AND c.n = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollout_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rollout_state_counts c SET n = c.n - g.n
    FROM (SELECT rollout_id, stage, state, count(*) AS n FROM removed GROUP BY 1, 2, 3) g
   WHERE c.rollout_id = g.rollout_id AND c.stage = g.stage AND c.state = g.state;
  DELETE FROM rollout_state_counts c USING (SELECT DISTINCT rollout_id FROM removed) r
   WHERE c.rollout_id = r.rollout_id AND c.n = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rollout_devices_counts_insert AFTER INSERT ON rollout_devices
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION rollout_counts_insert();
--> statement-breakpoint
CREATE TRIGGER rollout_devices_counts_update AFTER UPDATE ON rollout_devices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollout_counts_update();
--> statement-breakpoint
CREATE TRIGGER rollout_devices_counts_delete AFTER DELETE ON rollout_devices
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION rollout_counts_delete();
