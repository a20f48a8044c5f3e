-- Search and listing: click tracking, popular searches and editors' pick lists. The
-- in-memory index the api serves listings from needs no table of its own: it is built from
-- the catalogue tables. (Databases created before 0005 also got the plain-SQL engine's
-- tables here; 0005 drops them, and the code that uses that engine creates them.)

-- POST /api/products/add-csd: a shopper clicked through to a retailer (spec section 7).
CREATE TABLE product_clicks (
  id bigserial PRIMARY KEY,
  size_variant_id integer NOT NULL REFERENCES size_variants (id) ON DELETE CASCADE,
  country_code text NOT NULL,
  -- Where the click happened (a page path), as the web sends it.
  source text NOT NULL DEFAULT '',
  clicked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_clicks_variant_idx ON product_clicks (size_variant_id, clicked_at);

-- What shoppers search for, per country and department ('' when none was chosen):
-- "Top Searches" and search-box suggestions.
CREATE TABLE popular_searches (
  country_code text NOT NULL,
  department text NOT NULL DEFAULT '',
  query text NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  last_searched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (country_code, department, query)
);
CREATE INDEX popular_searches_rank_idx ON popular_searches (country_code, searches DESC);

-- Editors' pick lists (/editors-picks/{slug}; POST /api/account/editorspick-product adds
-- to one). Until an editor has picked anything, a list shows the listing its
-- fallback_link names.
CREATE TABLE editors_pick_lists (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  fallback_link text,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE editors_pick_items (
  list_id integer NOT NULL REFERENCES editors_pick_lists (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (list_id, product_id)
);

-- The lists the home page links to (demo site content: /editors-picks/wedding-guest …).
INSERT INTO editors_pick_lists (slug, name, fallback_link, position) VALUES
  ('wedding-guest', 'Wedding guest edit', '/party-dresses', 1),
  ('workwear', 'Workwear that works', '/blazers', 2),
  ('off-duty', 'Weekend off-duty', '/sneakers', 3),
  ('holiday', 'Holiday packing list', '/swimwear', 4)
ON CONFLICT (slug) DO NOTHING;
