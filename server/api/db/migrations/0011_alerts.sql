-- Sale and price alerts (spec sections 3, 4, 5, 7): what a shopper or a guest watches, the
-- guests' addresses and their confirmation, what the evaluator has notified, and the bell's
-- rows. A guest's alert starts pending: its address gets one confirm e-mail and nothing else
-- until the link is used (anyone can type anyone's address).

-- A guest's address. One row per address, whatever number of alerts it holds: the confirm
-- e-mail is sent once per address, not once per alert.
CREATE TABLE alert_guests (
  id serial PRIMARY KEY,
  -- Lower case, trimmed.
  email text NOT NULL UNIQUE,
  -- Set when the confirm link was used: the address's alerts fire from then on.
  confirmed_at timestamptz,
  -- SHA-256 (hex) of the confirm link's random token; cleared when used (single use).
  confirm_token_hash text UNIQUE,
  confirm_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One alert. The owner is a shopper or a guest's address, never both. Its status is not
-- stored: a shopper's alert is active, a guest's is active once the address is confirmed.
CREATE TABLE alerts (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  guest_id integer REFERENCES alert_guests (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('sale', 'price')),
  scope text NOT NULL CHECK (scope IN ('item', 'brand', 'store')),
  -- The size variant the alert was set on. Kept by guid as well: an alert outlives its size
  -- variant leaving the catalogue, and is then shown from the name and image kept below.
  size_variant_id integer REFERENCES size_variants (id) ON DELETE SET NULL,
  guid uuid NOT NULL,
  -- The catalogue's product id (the cards' id), without a foreign key, as wishlist items keep it.
  product_id integer NOT NULL CHECK (product_id > 0),
  product_name text NOT NULL,
  -- The first colour's 180 px image when the alert was set.
  image text NOT NULL,
  -- The scope: the item's own brand or store (the alert watches any item of it).
  brand_id integer REFERENCES brands (id) ON DELETE CASCADE,
  store_id integer REFERENCES stores (id) ON DELETE CASCADE,
  -- Upper case (GB, US, …): the site it was set on, whose prices it watches.
  country_code text NOT NULL,
  -- A price alert's figure in that country's currency; NULL for a sale alert.
  alert_price numeric(12, 2),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_fired_at timestamptz,
  CHECK ((user_id IS NULL) <> (guest_id IS NULL)),
  CHECK ((kind = 'price') = (alert_price IS NOT NULL)),
  CHECK (alert_price IS NULL OR alert_price > 0),
  CHECK (scope <> 'brand' OR brand_id IS NOT NULL),
  CHECK (scope <> 'store' OR store_id IS NOT NULL)
);
-- The same alert twice changes nothing: the service checks first (under the owner's lock),
-- these indexes hold the rule against two requests at once.
CREATE UNIQUE INDEX alerts_user_same_key ON alerts (user_id, kind, scope, guid, country_code, coalesce(alert_price, 0))
  WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX alerts_guest_same_key ON alerts (guest_id, kind, scope, guid, country_code, coalesce(alert_price, 0))
  WHERE guest_id IS NOT NULL;
-- The evaluator's three ways in: by size variant, by brand, by store (each in one country).
CREATE INDEX alerts_size_variant_idx ON alerts (size_variant_id, country_code) WHERE scope = 'item';
CREATE INDEX alerts_brand_idx ON alerts (brand_id, country_code) WHERE scope = 'brand';
CREATE INDEX alerts_store_idx ON alerts (store_id, country_code) WHERE scope = 'store';
CREATE INDEX alerts_user_idx ON alerts (user_id, created_at DESC) WHERE user_id IS NOT NULL;
CREATE INDEX alerts_guest_idx ON alerts (guest_id) WHERE guest_id IS NOT NULL;

-- What the evaluator has notified: one row per alert, size variant and change-log entry,
-- written in the transaction that queues the e-mail and moves the evaluator's cursor. A
-- second run over the same entries inserts nothing and so sends nothing.
CREATE TABLE alert_notified (
  alert_id integer NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  size_variant_id integer NOT NULL,
  change_id bigint NOT NULL,
  notified_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (alert_id, size_variant_id, change_id)
);

-- The bell's rows (the table of migration 0003): which alert fired (kept when the alert is
-- deleted, the row then names none), and the shopper's list read newest first.
ALTER TABLE notifications ADD COLUMN alert_id integer REFERENCES alerts (id) ON DELETE SET NULL;
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);

-- Headers an e-mail carries besides the usual ones (List-Unsubscribe, List-Unsubscribe-Post
-- on alert e-mails, RFC 8058): a JSON object of name to value, NULL for none.
ALTER TABLE mail_outbox ADD COLUMN headers jsonb;

-- The key that signs alert e-mails' unsubscribe links when ALERT_LINK_SECRET is not set:
-- made once at random by the first api that needs it, shared by every instance, so a link
-- keeps working across restarts.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
