ALTER TABLE "refunds" DROP CONSTRAINT "refunds_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "refunds" DROP COLUMN "idempotency_key";