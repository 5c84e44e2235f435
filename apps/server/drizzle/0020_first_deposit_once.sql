-- A member's later first-deposit events (stored before this index existed) go; the earliest stays.
DELETE FROM "marketing_events" later USING "marketing_events" earlier
WHERE later.name IN ('firstDeposit', 'firstDepositArrival') AND later.customer_ref IS NOT NULL
  AND later.merchant_id = earlier.merchant_id AND later.name = earlier.name
  AND later.customer_ref = earlier.customer_ref AND later.id > earlier.id;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_events_first_deposit_idx" ON "marketing_events" USING btree ("merchant_id","name","customer_ref") WHERE name IN ('firstDeposit', 'firstDepositArrival') AND customer_ref IS NOT NULL;
