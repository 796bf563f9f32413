-- The balance ledger is append-only: corrections are new rows (reason 'adjustment' or 'refund').
CREATE FUNCTION "balance_ledger_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'balance_ledger is append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "balance_ledger_append_only"
  BEFORE UPDATE OR DELETE ON "balance_ledger"
  FOR EACH ROW EXECUTE FUNCTION "balance_ledger_reject_change"();
--> statement-breakpoint
CREATE TRIGGER "balance_ledger_no_truncate"
  BEFORE TRUNCATE ON "balance_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION "balance_ledger_reject_change"();
