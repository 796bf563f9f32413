CREATE TYPE "public"."account_role" AS ENUM('customer', 'operator');--> statement-breakpoint
CREATE TYPE "public"."delivery_condition" AS ENUM('online', 'any');--> statement-breakpoint
CREATE TYPE "public"."delivery_state" AS ENUM('queued', 'leased', 'done', 'failed', 'uncertain');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_user_id" integer,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"product_id" integer,
	"game_server_id" integer NOT NULL,
	"position" integer NOT NULL,
	"player" text NOT NULL,
	"command" text NOT NULL,
	"condition" "delivery_condition" NOT NULL,
	"state" "delivery_state" DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"lease_count" integer DEFAULT 0 NOT NULL,
	"lease_holder" text,
	"lease_expires_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"reply" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "deliveries_position" UNIQUE("order_id","game_server_id","position"),
	CONSTRAINT "deliveries_attempt_positive" CHECK ("deliveries"."attempt" >= 1)
);
--> statement-breakpoint
CREATE TABLE "game_servers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_servers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"secret_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_servers_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "product_commands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"game_server_id" integer NOT NULL,
	"position" integer NOT NULL,
	"template" text NOT NULL,
	"condition" "delivery_condition" NOT NULL,
	CONSTRAINT "product_commands_position" UNIQUE("product_id","position")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "player" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" "account_role" DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "player" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_game_server_id_game_servers_id_fk" FOREIGN KEY ("game_server_id") REFERENCES "public"."game_servers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_commands" ADD CONSTRAINT "product_commands_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_commands" ADD CONSTRAINT "product_commands_game_server_id_game_servers_id_fk" FOREIGN KEY ("game_server_id") REFERENCES "public"."game_servers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_created" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "deliveries_queue" ON "deliveries" USING btree ("game_server_id","state","order_id","position");--> statement-breakpoint
CREATE INDEX "deliveries_order" ON "deliveries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "deliveries_lease_expiry" ON "deliveries" USING btree ("lease_expires_at") WHERE "deliveries"."state" = 'leased';--> statement-breakpoint
CREATE UNIQUE INDEX "game_servers_name_lower" ON "game_servers" USING btree (lower("name"));--> statement-breakpoint
-- Deliveries are the store's record of what a game server was told to do: never deleted (ADR 0031).
-- The audit log is append-only.
CREATE FUNCTION "delivery_reject_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "deliveries_never_deleted"
  BEFORE DELETE ON "deliveries"
  FOR EACH ROW EXECUTE FUNCTION "delivery_reject_delete"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only"
  BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "delivery_reject_delete"();
