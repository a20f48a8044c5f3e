-- Looks (saved sets, lookbooks; spec sections 3, 4, 5, 7): a shopper's outfit boards, private
-- unless made public. The shopper's own data: deleting the account deletes them, and a look's
-- pieces go with the look.
CREATE TABLE looks (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Stored trimmed; 2 to 30 characters (spec sections 5 and 9). Titles may repeat: the id
  -- names a look, the slug only dresses its URL.
  name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 30),
  slug text NOT NULL,
  is_public boolean NOT NULL DEFAULT false,
  -- The start of a SHA-256 of the pieces and their places: the collage's URL carries it, so
  -- a changed look has a new picture URL and an old one can be kept for ever.
  version text NOT NULL CHECK (version ~ '^[0-9a-f]{16}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The shopper's lookbook, newest first.
CREATE INDEX looks_user_idx ON looks (user_id, updated_at DESC, id DESC);

-- A piece on a look's board: a size variant and its rectangle on the 1000-unit square board.
-- guid names the catalogue's size variant without a foreign key: a piece outlives its product
-- leaving the catalogue, and is then shown from the name and picture kept when it was saved.
CREATE TABLE look_items (
  look_id integer NOT NULL REFERENCES looks (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position BETWEEN 0 AND 11),
  guid uuid NOT NULL,
  product_name text NOT NULL,
  image text NOT NULL,
  x smallint NOT NULL CHECK (x >= 0),
  y smallint NOT NULL CHECK (y >= 0),
  width smallint NOT NULL CHECK (width >= 20),
  height smallint NOT NULL CHECK (height >= 20),
  z smallint NOT NULL CHECK (z BETWEEN 0 AND 999),
  CHECK (x + width <= 1000 AND y + height <= 1000),
  PRIMARY KEY (look_id, position),
  UNIQUE (look_id, guid)
);
