ALTER TYPE "public"."order_status" ADD VALUE 'expired';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'expired';--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "return_path" text;--> statement-breakpoint
CREATE INDEX "payments_pending_created" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';