-- Price history becomes the catalogue's change log: one row for every price or availability
-- change an import makes, per size variant and country, and one when a size variant is first
-- seen on a country's site. Consumers (the alert evaluator, price charts) read "what changed
-- since my cursor" from it; the row id is the cursor.
--
-- Rows are written only through appendChanges() (server/api/catalog/catalog-changes.ts). It
-- takes one transaction-scoped advisory lock just before inserting and holds it until commit,
-- so log writers commit in the order of their ids. Without that, on a PostgreSQL server a
-- transaction that drew a lower id could commit after a reader had already read past a higher
-- one, and its rows would never be read.

-- Availability as the feed for that country last said it (same codes as size_variants.status:
-- 1 in stock, 0 out of stock, 2 preorder, 3 backorder). size_variants.status is shared by a
-- store's country feeds, the feed imported last winning; a change is judged per country here,
-- so importing two countries that disagree does not log a change each time.
ALTER TABLE size_variant_prices ADD COLUMN status smallint;
UPDATE size_variant_prices p SET status = s.status FROM size_variants s WHERE s.id = p.size_variant_id;
ALTER TABLE size_variant_prices ALTER COLUMN status SET NOT NULL;

-- Null on rows recorded before availability was logged.
ALTER TABLE price_history ADD COLUMN status smallint;
-- The size variant's first price on this country's site, not a change.
ALTER TABLE price_history ADD COLUMN first_seen boolean NOT NULL DEFAULT false;
UPDATE price_history h SET first_seen = true
 WHERE NOT EXISTS (SELECT 1 FROM price_history e
                    WHERE e.size_variant_id = h.size_variant_id AND e.country_code = h.country_code AND e.id < h.id);
-- Every writer says which it is.
ALTER TABLE price_history ALTER COLUMN first_seen DROP DEFAULT;

-- Each consumer's position in the log, kept so one that was stopped resumes where it was.
CREATE TABLE catalog_change_cursors (
  consumer text PRIMARY KEY,
  -- The id of the last price_history row the consumer has dealt with; 0 before the first.
  position bigint NOT NULL CHECK (position >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
