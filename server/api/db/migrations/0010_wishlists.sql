-- Wishlists (spec sections 3, 5, 7): a shopper's named lists of products, private unless
-- made public. The shopper's own data: deleting the account deletes them, and a list's items
-- go with the list.
CREATE TABLE wishlists (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Stored trimmed; at most 30 characters (spec section 9).
  name text NOT NULL CHECK (name <> '' AND char_length(name) <= 30),
  -- From the name, for the web's pretty URL; unique per shopper.
  slug text NOT NULL,
  is_public boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Spec section 5: a new name may not repeat one of the shopper's lists in any case. The api
-- checks first (with the message); this index holds the rule against two requests at once.
CREATE UNIQUE INDEX wishlists_user_name_key ON wishlists (user_id, lower(name));
CREATE UNIQUE INDEX wishlists_user_slug_key ON wishlists (user_id, slug);

-- A product in a list. product_id is the catalogue's product id (the cards' id) without a
-- foreign key: an item outlives its product leaving the catalogue, and is then shown from
-- the name and 180 px image kept when it was added.
CREATE TABLE wishlist_items (
  id bigserial PRIMARY KEY,
  wishlist_id integer NOT NULL REFERENCES wishlists (id) ON DELETE CASCADE,
  product_id integer NOT NULL CHECK (product_id > 0),
  product_name text NOT NULL,
  image text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (wishlist_id, product_id)
);
-- "Which of my lists hold these products" (the filled hearts).
CREATE INDEX wishlist_items_product_idx ON wishlist_items (product_id);
