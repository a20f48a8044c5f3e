-- Feeds that tell the truth (issue 27). A store's feed for a country is a full snapshot unless
-- its manifest says "mode": "incremental": after a full feed, an item of that store and
-- country the feed no longer carries is withdrawn there (withdrawn_at set; its row, ids and
-- history stay) and comes back as it was when a later feed carries it again. Every read of
-- what a country's site shows leaves withdrawn rows out.
ALTER TABLE size_variant_prices ADD COLUMN withdrawn_at timestamptz;
CREATE INDEX size_variant_prices_withdrawn_idx ON size_variant_prices (country_code) WHERE withdrawn_at IS NOT NULL;

-- What the operator and the site know of each store's feed for a country: when a feed last
-- confirmed its prices (imported, or fetched again unchanged), what the last applied import
-- carried, withdrew and rejected, and a full feed held by the shrink guard (FEED_SHRINK_GUARD:
-- one carrying fewer than that share of the items the previous one had is not applied until
-- an operator applies it by hand).
CREATE TABLE feed_states (
  store_id integer NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  country_code text NOT NULL,
  -- The mode of the last import applied: 'full' or 'incremental'.
  mode text NOT NULL DEFAULT 'full' CHECK (mode IN ('full', 'incremental')),
  -- The last time a feed for this store and country confirmed its prices.
  confirmed_at timestamptz,
  -- The last import applied, and what it did.
  imported_at timestamptz,
  items_carried integer NOT NULL DEFAULT 0,
  items_withdrawn integer NOT NULL DEFAULT 0,
  items_rejected integer NOT NULL DEFAULT 0,
  -- A full feed the shrink guard held: when, how many items it carried, and its SHA-256
  -- (the operator's apply names the feed it means). NULL when nothing is held.
  held_at timestamptz,
  held_items integer,
  held_sha256 text,
  PRIMARY KEY (store_id, country_code)
);

-- A catalogue imported before this migration: each store and country it prices is taken as
-- confirmed when its newest price row was written, and as carrying the rows it has.
INSERT INTO feed_states (store_id, country_code, confirmed_at, imported_at, items_carried)
SELECT sv.store_id, pr.country_code, max(pr.updated_at), max(pr.updated_at), count(*)::integer
  FROM size_variant_prices pr
  JOIN size_variants sv ON sv.id = pr.size_variant_id
 GROUP BY sv.store_id, pr.country_code;
