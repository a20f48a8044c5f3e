-- "Price Dropped": how far a size variant's price on a country's site fell over the last 7
-- days, whole per cent, 0 when it did not (shared/reference-price.ts priceDrop). Stored beside
-- the honest discount (offers) and, like it, written by the importer from the change log and
-- re-measured daily (catalog/honest-offers.ts): a drop lapses a week after the cut, import or not.
ALTER TABLE size_variant_prices ADD COLUMN dropped smallint NOT NULL DEFAULT 0;
