-- One product, every store (issue 28, decision 0079). A store's copy of an item stays its own
-- rows (products, variants, size_variants: the store's offer); the matcher links copies of the
-- same item. `same_as` is NULL for a row that stands for itself, else the row that stands for
-- it (the oldest of the match); `canonical_id` is the one to group by and link to.
ALTER TABLE products ADD COLUMN same_as integer REFERENCES products (id) ON DELETE SET NULL;
ALTER TABLE products ADD COLUMN canonical_id integer GENERATED ALWAYS AS (coalesce(same_as, id)) STORED;
CREATE INDEX products_canonical_idx ON products (canonical_id);

-- The feed's identifiers: gtin normalised to 14 digits with its check digit verified (NULL
-- when absent or wrong), mpn as given, identifier_exists as given (NULL when the feed is silent).
-- A size variant's `same_as` links it to the same size sold by another store.
ALTER TABLE size_variants ADD COLUMN gtin text;
ALTER TABLE size_variants ADD COLUMN mpn text;
ALTER TABLE size_variants ADD COLUMN identifier_exists boolean;
ALTER TABLE size_variants ADD COLUMN same_as integer REFERENCES size_variants (id) ON DELETE SET NULL;
ALTER TABLE size_variants ADD COLUMN canonical_id integer GENERATED ALWAYS AS (coalesce(same_as, id)) STORED;
CREATE INDEX size_variants_gtin_idx ON size_variants (gtin) WHERE gtin IS NOT NULL;
CREATE INDEX size_variants_mpn_idx ON size_variants (mpn) WHERE mpn IS NOT NULL;
CREATE INDEX size_variants_canonical_idx ON size_variants (canonical_id);

-- The feed's shipping price to the feed's country (its cheapest service), NULL when not given.
ALTER TABLE size_variant_prices ADD COLUMN shipping_price numeric(12, 2);

-- stores.json's delivery prices by country, in that country's site currency: {"GB": 4.95}.
-- A country absent is unknown ("delivery not shown").
ALTER TABLE stores ADD COLUMN delivery_prices jsonb NOT NULL DEFAULT '{}';

-- A price alert "at any store": fires once when the cheapest offer of the size falls below it.
ALTER TABLE alerts ADD COLUMN any_store boolean NOT NULL DEFAULT false;
ALTER TABLE alerts ADD CONSTRAINT alerts_any_store_item CHECK (NOT any_store OR (scope = 'item' AND kind = 'price'));
