CREATE TABLE "command_fanout_lanes" (
	"command_id" uuid NOT NULL,
	"lane" smallint NOT NULL,
	"lower_id" uuid,
	"upper_id" uuid,
	"last_device_id" uuid,
	"written" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "command_fanout_lanes_command_id_lane_pk" PRIMARY KEY("command_id","lane")
);
--> statement-breakpoint
ALTER TABLE "command_fanout_lanes" ADD CONSTRAINT "command_fanout_lanes_command_id_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."commands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A fan-out under way when this runs continues as one lane over every device id, from where it stopped.
INSERT INTO "command_fanout_lanes" ("command_id", "lane", "last_device_id", "written")
SELECT "id", 0, "last_device_id", "fanned_out" FROM "commands" WHERE "fan_out_completed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "commands" DROP COLUMN "last_device_id";