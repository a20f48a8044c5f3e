-- The catalogue: merchants, brands, the category tree, products as merchants' feeds
-- describe them (item group -> product, colour -> variant, size -> size variant), prices
-- per country, price history and coupons (design.md "Catalog ingestion").

CREATE TABLE stores (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  -- The country the merchant trades from (spec "madein": Local means this equals the site's).
  country_code text NOT NULL,
  -- Ships to other countries (spec "internationaldelivery").
  is_international boolean NOT NULL DEFAULT false,
  -- 5: direct cart link; 6: through the currency switch (spec section 9).
  affiliate_id integer NOT NULL DEFAULT 1,
  logo_url text,
  website_url text,
  -- Free-delivery thresholds in the store's currency (spec section 3 "Product").
  free_delivery_gb numeric(12, 2),
  free_delivery_us numeric(12, 2),
  free_delivery_international numeric(12, 2),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE brands (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One tree per department. Slugs are unique across the whole site because every
-- category is also a single-segment listing page (/dresses, /men-jeans).
CREATE TABLE categories (
  id serial PRIMARY KEY,
  department text NOT NULL CHECK (department IN ('women', 'men', 'kids')),
  parent_id integer REFERENCES categories (id),
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  depth smallint NOT NULL CHECK (depth BETWEEN 1 AND 5),
  -- Slugs from the top of the tree down, joined by '/': a prefix match finds a subtree.
  path text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  UNIQUE (department, path)
);
CREATE INDEX categories_parent_idx ON categories (parent_id);

CREATE TABLE coupons (
  id serial PRIMARY KEY,
  store_id integer NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  -- The feed's promotion_id attribute links items to the coupon.
  promotion_id text NOT NULL,
  code text NOT NULL,
  description text NOT NULL,
  discount_percent smallint,
  starts_at timestamptz,
  ends_at timestamptz,
  UNIQUE (store_id, promotion_id)
);

CREATE TABLE products (
  id serial PRIMARY KEY,
  store_id integer NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  -- The feed's item_group_id (or the item id when the item stands alone).
  group_key text NOT NULL,
  brand_id integer REFERENCES brands (id),
  category_id integer NOT NULL REFERENCES categories (id),
  department text NOT NULL CHECK (department IN ('women', 'men', 'kids')),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  gender text,
  age_group text,
  product_type text,
  google_product_category text,
  -- Care instructions from the feed's product_detail (spec filter "care").
  care text,
  popularity integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, group_key)
);
CREATE INDEX products_category_idx ON products (category_id);
CREATE INDEX products_brand_idx ON products (brand_id);

CREATE TABLE variants (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  -- The merchant's colour name as the feed gives it, and the one of 24 keys it maps onto.
  colour_name text NOT NULL,
  colour text,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  image_url text NOT NULL,
  additional_image_urls text[] NOT NULL DEFAULT '{}',
  position integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_id, colour_name)
);
CREATE INDEX variants_colour_idx ON variants (colour);

CREATE TABLE size_variants (
  id serial PRIMARY KEY,
  guid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  store_id integer NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  -- The feed's id attribute: the merchant's key for this item.
  item_id text NOT NULL,
  variant_id integer NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
  size text NOT NULL DEFAULT '',
  slug text NOT NULL,
  -- The retailer's product page (the feed's link).
  url text NOT NULL,
  -- 1 in stock, 0 out of stock, 2 preorder, 3 backorder (spec: 0, 1, others).
  status smallint NOT NULL,
  coupon_id integer REFERENCES coupons (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, item_id)
);
CREATE INDEX size_variants_variant_idx ON size_variants (variant_id);
CREATE INDEX size_variants_slug_idx ON size_variants (slug);

-- A merchant sends one feed per target country, priced in that country's currency.
CREATE TABLE size_variant_prices (
  size_variant_id integer NOT NULL REFERENCES size_variants (id) ON DELETE CASCADE,
  country_code text NOT NULL,
  currency_code text NOT NULL,
  msrp numeric(12, 2) NOT NULL,
  sale_price numeric(12, 2) NOT NULL,
  -- Discount percent, 0 when not on sale (spec "offers").
  offers smallint NOT NULL DEFAULT 0,
  free_delivery boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (size_variant_id, country_code)
);
CREATE INDEX size_variant_prices_country_idx ON size_variant_prices (country_code);

CREATE TABLE price_history (
  id bigserial PRIMARY KEY,
  size_variant_id integer NOT NULL REFERENCES size_variants (id) ON DELETE CASCADE,
  country_code text NOT NULL,
  currency_code text NOT NULL,
  msrp numeric(12, 2) NOT NULL,
  sale_price numeric(12, 2) NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX price_history_variant_idx ON price_history (size_variant_id, country_code, recorded_at);

-- The header menu (spec section 3 "Menu tile / item"): top items and their children.
CREATE TABLE menu_items (
  id serial PRIMARY KEY,
  parent_id integer REFERENCES menu_items (id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL,
  -- Opens outside the site in a new window (Blog).
  external_url text,
  column_idx smallint NOT NULL DEFAULT 0,
  position integer NOT NULL DEFAULT 0,
  preview_image text,
  image_alt text
);
CREATE INDEX menu_items_parent_idx ON menu_items (parent_id);

-- Home-page content (spec section 3 "Home data"), per country; a null country is shown
-- on every country site.
CREATE TABLE home_content (
  id serial PRIMARY KEY,
  section text NOT NULL CHECK (section IN (
    'slide', 'brand-spotlight', 'designer-spotlight', 'beauty-store-spotlight',
    'fashion-blog', 'showcase', 'promoted', 'editors-pick', 'fashion-tip'
  )),
  country_code text,
  position integer NOT NULL DEFAULT 0,
  title text NOT NULL,
  link text,
  image text,
  body text
);
CREATE INDEX home_content_section_idx ON home_content (section, country_code, position);
