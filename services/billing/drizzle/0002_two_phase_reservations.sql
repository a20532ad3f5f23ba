ALTER TABLE "payment_sessions" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "quota_reservations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quota_reservations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "quota_reservations_due_idx" ON "quota_reservations" USING btree ("status","expires_at");--> statement-breakpoint
-- Reservations taken before two-phase reservations were never confirmed by their owners: they stay counted.
UPDATE "quota_reservations" SET "status" = 'confirmed', "confirmed_at" = now() WHERE "status" = 'reserved';
