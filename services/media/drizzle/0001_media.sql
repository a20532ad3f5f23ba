CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"declared_size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"original_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"duration_sec" double precision NOT NULL,
	"analysis_status" text DEFAULT 'uploaded' NOT NULL,
	"status_occurred_at" timestamp with time zone,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_storage_key_idx" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "uploads_status_created_idx" ON "uploads" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_storage_key_idx" ON "videos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "videos_product_idx" ON "videos" USING btree ("product_id","created_at");