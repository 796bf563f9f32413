ALTER TABLE "products" ADD COLUMN "purchase_limit" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_purchase_limit_positive" CHECK ("products"."purchase_limit" >= 1);