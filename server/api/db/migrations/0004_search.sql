-- Search and listing (issue 4): click tracking, popular searches, editors' pick lists, and
-- the tables the plain-SQL search engine reads (server/api/search/sql-engine.ts). The
-- in-memory index needs none of these: it is built from the catalogue tables.

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

-- The SQL engine's documents: one row per product sold in at least one country, with its
-- analysed terms as 'weight:term' (the analyser is shared with the in-memory index).
CREATE TABLE search_documents (
  product_id integer PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  store_id integer NOT NULL,
  -- 0 when the product has no brand.
  brand_id integer NOT NULL,
  category_slug text NOT NULL,
  category_path text NOT NULL,
  department text NOT NULL,
  popularity integer NOT NULL,
  colours text[] NOT NULL,
  care text NOT NULL,
  store_country text NOT NULL,
  store_international boolean NOT NULL,
  terms text[] NOT NULL
);
CREATE INDEX search_documents_terms_idx ON search_documents USING gin (terms);
CREATE INDEX search_documents_category_idx ON search_documents (category_path text_pattern_ops);
CREATE INDEX search_documents_brand_idx ON search_documents (brand_id);
CREATE INDEX search_documents_store_idx ON search_documents (store_id);

-- Per product and country: lowest sale price (minor units), highest discount, flags.
CREATE TABLE search_offers (
  product_id integer NOT NULL REFERENCES search_documents (product_id) ON DELETE CASCADE,
  country_code text NOT NULL,
  price integer NOT NULL,
  discount smallint NOT NULL,
  free_delivery boolean NOT NULL,
  coupons boolean NOT NULL,
  PRIMARY KEY (country_code, product_id)
);
CREATE INDEX search_offers_price_idx ON search_offers (country_code, price);
CREATE INDEX search_offers_discount_idx ON search_offers (country_code, discount) WHERE discount > 0;
