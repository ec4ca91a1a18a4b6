CREATE TABLE "bonus_lot_takes" (
	"transaction_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"returned" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bonus_lot_takes_transaction_id_lot_id_pk" PRIMARY KEY("transaction_id","lot_id"),
	CONSTRAINT "bonus_lot_takes_returned" CHECK ("bonus_lot_takes"."returned" >= 0 and "bonus_lot_takes"."returned" <= "bonus_lot_takes"."amount")
);
--> statement-breakpoint
CREATE TABLE "pending_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"releases_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "pending_bonuses_sourceKey_unique" UNIQUE("source_key"),
	CONSTRAINT "pending_bonuses_state" CHECK ("pending_bonuses"."state" in ('pending', 'released', 'reversed')),
	CONSTRAINT "pending_bonuses_amount" CHECK ("pending_bonuses"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_customer_kind";--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "restores_id" uuid;--> statement-breakpoint
ALTER TABLE "bonus_lots" ADD COLUMN "restored" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_lot_takes" ADD CONSTRAINT "bonus_lot_takes_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_lot_takes" ADD CONSTRAINT "bonus_lot_takes_lot_id_bonus_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."bonus_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_bonuses" ADD CONSTRAINT "pending_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_bonuses_due" ON "pending_bonuses" USING btree ("releases_at") WHERE "pending_bonuses"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "pending_bonuses_user" ON "pending_bonuses" USING btree ("user_id","releases_at") WHERE "pending_bonuses"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_restores_id_ledger_transactions_id_fk" FOREIGN KEY ("restores_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_customer_kind" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."kind" in ('bonus', 'money', 'bonus_pending'));--> statement-breakpoint
-- hand-written (keep when regenerating)
-- Decision 030: the lots trigger of migration 0014, now recording what each debit took from each lot
-- (`bonus_lot_takes`) and, for a credit that restores a debit (`ledger_transactions.restores_id`: a released
-- hold, a refund), giving those lots back what they gave (their own expiry) before any rest becomes a new lot.
CREATE OR REPLACE FUNCTION "bonus_lots_follow_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	owner uuid;
	account_kind text;
	days integer;
	source uuid;
	left_over bigint;
	take record;
	back bigint;
BEGIN
	SELECT user_id, kind INTO owner, account_kind FROM ledger_accounts WHERE id = NEW.account_id;
	IF owner IS NULL OR account_kind <> 'bonus' THEN
		RETURN NULL;
	END IF;
	IF NEW.amount > 0 THEN
		left_over := NEW.amount;
		SELECT restores_id INTO source FROM ledger_transactions WHERE id = NEW.transaction_id;
		IF source IS NOT NULL THEN
			-- Back to the lots the debit took from, the last taken first (the order is moot when all goes back).
			FOR take IN
				SELECT t.lot_id, t.amount - t.returned AS open FROM bonus_lot_takes t
				JOIN bonus_lots l ON l.id = t.lot_id
				WHERE t.transaction_id = source AND t.returned < t.amount
				ORDER BY l.expires_at DESC NULLS FIRST, l.earned_at DESC, l.id DESC
			LOOP
				EXIT WHEN left_over = 0;
				back := least(take.open, left_over);
				UPDATE bonus_lot_takes SET returned = returned + back WHERE transaction_id = source AND lot_id = take.lot_id;
				UPDATE bonus_lots SET remaining = remaining + back, restored = restored + back WHERE id = take.lot_id;
				left_over := left_over - back;
			END LOOP;
			IF left_over = 0 THEN
				RETURN NULL;
			END IF;
		END IF;
		SELECT nullif((settings->>'bonusExpiryDays')::integer, 0) INTO days FROM brand_settings LIMIT 1;
		INSERT INTO bonus_lots (user_id, transaction_id, amount, remaining, earned_at, expires_at)
		VALUES (owner, NEW.transaction_id, left_over, left_over, now(),
			CASE WHEN days IS NULL THEN NULL ELSE now() + make_interval(days => days) END);
		RETURN NULL;
	END IF;
	-- Each lot in order gives what is still needed after the lots before it (`before`), up to what it has; what
	-- it gave is recorded for a later restore.
	WITH taken AS (
		UPDATE bonus_lots l
		SET remaining = l.remaining - o.took
		FROM (
			SELECT id, least(remaining, -NEW.amount - before) AS took FROM (
				SELECT id, remaining, coalesce(sum(remaining) OVER (ORDER BY expires_at NULLS LAST, earned_at, id
					ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
				FROM bonus_lots WHERE user_id = owner AND remaining > 0
			) w WHERE before < -NEW.amount
		) o
		WHERE l.id = o.id
		RETURNING l.id, o.took
	)
	INSERT INTO bonus_lot_takes (transaction_id, lot_id, amount)
	SELECT NEW.transaction_id, id, took FROM taken
	ON CONFLICT (transaction_id, lot_id) DO UPDATE SET amount = bonus_lot_takes.amount + excluded.amount;
	RETURN NULL;
END;
$$;
