-- Issue 27, back-in-stock alerts and no alert e-mail storm.
--
-- A third kind of alert, 'stock': set on a size sold out in its country, it fires once when a
-- feed brings that size back there (a change-log entry from out of stock to in stock,
-- preorder or backorder), and is then done (last_fired_at set). It watches its size only.
ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN ('sale', 'price', 'stock'));
ALTER TABLE alerts ADD CONSTRAINT alerts_stock_item CHECK (kind <> 'stock' OR scope = 'item');

-- Re-arm (ALERT_REARM_PERCENT): an alert that fired on a size variant fires on it again only
-- once its sale price is that share below the price it fired at. Each notified match keeps
-- the sale price it fired at; the newest one per alert and size variant is the one compared.
ALTER TABLE alert_notified ADD COLUMN sale_price numeric(12, 2);
UPDATE alert_notified n SET sale_price = h.sale_price FROM price_history h WHERE h.id = n.change_id;

-- The digest (ALERT_DIGEST_HOURS): a shopper or a guest address gets at most one alert e-mail
-- per window. When the last one went (its owner's row, locked while a mail is decided) ...
ALTER TABLE users ADD COLUMN alert_mailed_at timestamptz;
ALTER TABLE alert_guests ADD COLUMN alert_mailed_at timestamptz;

-- ... and the fired alerts waiting for the next one: written in the evaluator's transaction
-- with the match (so exactly once survives a restart), deleted in the transaction that puts
-- the digest in the outbox. An alert stopped meanwhile takes its waiting items with it.
CREATE TABLE alert_mail_items (
  id bigserial PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  guest_id integer REFERENCES alert_guests (id) ON DELETE CASCADE,
  alert_id integer NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  -- The e-mail's line for it (alert-mails.ts FiredItem: prices formatted, links signed).
  item jsonb NOT NULL,
  fired_at timestamptz NOT NULL,
  CHECK ((user_id IS NULL) <> (guest_id IS NULL))
);
CREATE INDEX alert_mail_items_user_idx ON alert_mail_items (user_id, id) WHERE user_id IS NOT NULL;
CREATE INDEX alert_mail_items_guest_idx ON alert_mail_items (guest_id, id) WHERE guest_id IS NOT NULL;
