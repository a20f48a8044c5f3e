-- Product ratings (spec sections 3 "Product rating", 7 product-rating): one rating of 1 to 5
-- whole stars per shopper and product; rating again replaces it. product_id names the
-- catalogue's product without a foreign key, as wishlist items do: a product a feed drops
-- and brings back keeps its ratings, and an import never waits on this table.
CREATE TABLE product_ratings (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id integer NOT NULL CHECK (product_id > 0),
  stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
  rated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, product_id)
);
-- A product's average and count (the product page, the home spotlights).
CREATE INDEX product_ratings_product_idx ON product_ratings (product_id);

-- Giveaway entries (spec sections 1, 2 "giveaway"): one per shopper per giveaway. The
-- giveaway itself (prize, rules, closing time) is content kept in code
-- (shared/giveaway.ts); `giveaway` is its key, so the next giveaway starts with no entries.
CREATE TABLE giveaway_entries (
  giveaway text NOT NULL CHECK (giveaway <> ''),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  entered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (giveaway, user_id)
);
