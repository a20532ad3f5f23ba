CREATE TABLE "frames" (
	"video_id" text NOT NULL,
	"position" integer NOT NULL,
	"time_sec" double precision NOT NULL,
	"screenshot_key" text,
	"screen_name" text NOT NULL,
	"words" jsonb NOT NULL,
	"elements" jsonb NOT NULL,
	CONSTRAINT "frames_video_id_position_pk" PRIMARY KEY("video_id","position")
);
--> statement-breakpoint
CREATE TABLE "page_specs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"video_id" text NOT NULL,
	"product_id" text NOT NULL,
	"user_id" text NOT NULL,
	"screen_name" text NOT NULL,
	"description" text NOT NULL,
	"screenshot_key" text,
	"elements" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"first_seen_sec" double precision NOT NULL,
	"last_seen_sec" double precision NOT NULL,
	"order" integer NOT NULL,
	"is_user_added" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_knowledge" (
	"product_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"video_id" text NOT NULL,
	"summary" text NOT NULL,
	"journeys" jsonb NOT NULL,
	"key_actions" jsonb NOT NULL,
	"finalized_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runs" (
	"video_id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_specs_video_idx" ON "page_specs" USING btree ("video_id","order");--> statement-breakpoint
CREATE INDEX "page_specs_product_idx" ON "page_specs" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "runs_claim_idx" ON "runs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "runs_product_idx" ON "runs" USING btree ("product_id","user_id");