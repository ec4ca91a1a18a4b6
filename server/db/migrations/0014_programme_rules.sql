CREATE TABLE "bonus_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"warned_at" timestamp with time zone,
	CONSTRAINT "bonus_lots_remaining" CHECK ("bonus_lots"."remaining" >= 0 and "bonus_lots"."remaining" <= "bonus_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"weekdays" integer[] DEFAULT '{}' NOT NULL,
	"hours_from" text,
	"hours_to" text,
	"point_ids" integer[] DEFAULT '{}' NOT NULL,
	"min_cheque" bigint DEFAULT 0 NOT NULL,
	"effect_kind" text NOT NULL,
	"effect_value" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"stacks" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_effect_kind" CHECK ("campaigns"."effect_kind" in ('MULTIPLIER', 'EXTRA_PERCENT', 'FIXED')),
	CONSTRAINT "campaigns_effect_value_positive" CHECK ("campaigns"."effect_value" > 0),
	CONSTRAINT "campaigns_min_cheque" CHECK ("campaigns"."min_cheque" >= 0)
);
--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "earn_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD COLUMN "earn_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "till_operations" ADD COLUMN "earn_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_lots" ADD CONSTRAINT "bonus_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_lots" ADD CONSTRAINT "bonus_lots_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_lots_user_open" ON "bonus_lots" USING btree ("user_id","expires_at","earned_at") WHERE "bonus_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "bonus_lots_expiring" ON "bonus_lots" USING btree ("expires_at") WHERE "bonus_lots"."remaining" > 0 and "bonus_lots"."expires_at" is not null;--> statement-breakpoint
-- hand-written (keep when regenerating)
-- Bonus lots follow every posting to a customer's bonus account (decision 027): a credit is a new lot, expiring
-- after the brand's `bonusExpiryDays` (none when unset); a debit takes from the lots soonest to expire first,
-- then the oldest. Every change of a customer's lots happens here, in an AFTER trigger of a posting that has
-- locked the customer's account row (server/core/ledger.ts), so the lots of one customer change one posting at
-- a time and a debit is one set-based UPDATE. The system accounts (fixed ids, server/db/system-accounts.ts)
-- never reach the function.
CREATE FUNCTION "bonus_lots_follow_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	owner uuid;
	account_kind text;
	days integer;
BEGIN
	SELECT user_id, kind INTO owner, account_kind FROM ledger_accounts WHERE id = NEW.account_id;
	IF owner IS NULL OR account_kind <> 'bonus' THEN
		RETURN NULL;
	END IF;
	IF NEW.amount > 0 THEN
		SELECT nullif((settings->>'bonusExpiryDays')::integer, 0) INTO days FROM brand_settings LIMIT 1;
		INSERT INTO bonus_lots (user_id, transaction_id, amount, remaining, earned_at, expires_at)
		VALUES (owner, NEW.transaction_id, NEW.amount, NEW.amount, now(),
			CASE WHEN days IS NULL THEN NULL ELSE now() + make_interval(days => days) END);
		RETURN NULL;
	END IF;
	-- Each lot in order gives what is still needed after the lots before it (`before`), up to what it has.
	UPDATE bonus_lots l
	SET remaining = l.remaining - least(l.remaining, -NEW.amount - o.before)
	FROM (
		SELECT id, coalesce(sum(remaining) OVER (ORDER BY expires_at NULLS LAST, earned_at, id
			ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
		FROM bonus_lots WHERE user_id = owner AND remaining > 0
	) o
	WHERE l.id = o.id AND o.before < -NEW.amount;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bonus_lots_follow_entry" AFTER INSERT ON "ledger_entries" FOR EACH ROW
	WHEN (NEW.account_id::text NOT LIKE '00000000-0000-4000-8000-%')
	EXECUTE FUNCTION "bonus_lots_follow_entry"();--> statement-breakpoint
-- Balances from before lots: one lot each, never expiring.
INSERT INTO bonus_lots (user_id, transaction_id, amount, remaining, earned_at, expires_at)
SELECT a.user_id,
	(SELECT e.transaction_id FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
		WHERE e.account_id = a.id AND e.amount > 0 ORDER BY t.created_at DESC LIMIT 1),
	a.balance, a.balance, now(), NULL
FROM ledger_accounts a WHERE a.user_id IS NOT NULL AND a.kind = 'bonus' AND a.balance > 0;
