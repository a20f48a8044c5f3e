-- Followed brands and stores (spec sections 2 "My Brands", "My Stores", 3 "Follow", 7). One row
-- per shopper and brand (or store): the primary key makes following twice change nothing, even
-- for two requests at once. A follow goes with its shopper, and with its brand or store.
CREATE TABLE brand_follows (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, brand_id)
);
CREATE TABLE store_follows (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  store_id integer NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, store_id)
);
-- My Sales asks "is this product's brand (store) followed by this shopper": the primary keys
-- answer it. These serve the cascade when a brand or store goes.
CREATE INDEX brand_follows_brand_idx ON brand_follows (brand_id);
CREATE INDEX store_follows_store_idx ON store_follows (store_id);
