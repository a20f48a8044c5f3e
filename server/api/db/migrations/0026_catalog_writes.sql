-- Issue 30, ready after a restart: which stores' catalogue rows each transaction wrote, and
-- when it began (now(), as updated_at has it). An api starting from its index snapshot asks
-- which stores were written since the snapshot's build (search-engine/catch-up.ts); reading
-- updated_at off every row of products, variants, size_variants and size_variant_prices was
-- a scan of every catalogue row (2.4 s at 1,000,000 products). The database records them
-- itself, one row per store and transaction whatever wrote (importer, matcher, withdrawals,
-- offers measured again, a hand-written statement), from statement triggers reading the rows
-- the statement wrote. Rows of different transactions never conflict, so no writer waits on
-- another here. Only a store's newest row is needed to answer "written since": the daily
-- work keeps that one (compactCatalogWrites).
CREATE TABLE catalog_writes (
  store_id integer NOT NULL,
  xact bigint NOT NULL,
  written_at timestamptz NOT NULL,
  PRIMARY KEY (store_id, xact)
);
CREATE INDEX catalog_writes_written_idx ON catalog_writes (written_at);

CREATE FUNCTION catalog_writes_by_store() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_writes (store_id, xact, written_at)
  SELECT DISTINCT store_id, pg_current_xact_id()::text::bigint, now() FROM written
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION catalog_writes_by_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_writes (store_id, xact, written_at)
  SELECT DISTINCT p.store_id, pg_current_xact_id()::text::bigint, now()
    FROM (SELECT DISTINCT product_id FROM written) w JOIN products p ON p.id = w.product_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION catalog_writes_by_size_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_writes (store_id, xact, written_at)
  SELECT DISTINCT s.store_id, pg_current_xact_id()::text::bigint, now()
    FROM (SELECT DISTINCT size_variant_id FROM written) w JOIN size_variants s ON s.id = w.size_variant_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- A trigger with transition tables takes one event: inserts, updates and deletes each have one.
CREATE TRIGGER products_inserted AFTER INSERT ON products REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION catalog_writes_by_store();
CREATE TRIGGER products_updated AFTER UPDATE ON products REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION catalog_writes_by_store();
CREATE TRIGGER products_deleted AFTER DELETE ON products REFERENCING OLD TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION catalog_writes_by_store();
CREATE TRIGGER size_variants_inserted AFTER INSERT ON size_variants REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION catalog_writes_by_store();
CREATE TRIGGER size_variants_updated AFTER UPDATE ON size_variants REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION catalog_writes_by_store();
CREATE TRIGGER size_variants_deleted AFTER DELETE ON size_variants REFERENCING OLD TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION catalog_writes_by_store();
CREATE TRIGGER variants_inserted AFTER INSERT ON variants REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION catalog_writes_by_product();
CREATE TRIGGER variants_updated AFTER UPDATE ON variants REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION catalog_writes_by_product();
CREATE TRIGGER variants_deleted AFTER DELETE ON variants REFERENCING OLD TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION catalog_writes_by_product();
CREATE TRIGGER size_variant_prices_inserted AFTER INSERT ON size_variant_prices REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION catalog_writes_by_size_variant();
CREATE TRIGGER size_variant_prices_updated AFTER UPDATE ON size_variant_prices REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION catalog_writes_by_size_variant();
CREATE TRIGGER size_variant_prices_deleted AFTER DELETE ON size_variant_prices REFERENCING OLD TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION catalog_writes_by_size_variant();

-- Fired in every session, the PGlite importer's too: it sets session_replication_role to replica to skip the
-- foreign keys' per-row triggers (catalog/importer.ts), which skips the triggers of origin mode.
ALTER TABLE products ENABLE ALWAYS TRIGGER products_inserted;
ALTER TABLE products ENABLE ALWAYS TRIGGER products_updated;
ALTER TABLE products ENABLE ALWAYS TRIGGER products_deleted;
ALTER TABLE size_variants ENABLE ALWAYS TRIGGER size_variants_inserted;
ALTER TABLE size_variants ENABLE ALWAYS TRIGGER size_variants_updated;
ALTER TABLE size_variants ENABLE ALWAYS TRIGGER size_variants_deleted;
ALTER TABLE variants ENABLE ALWAYS TRIGGER variants_inserted;
ALTER TABLE variants ENABLE ALWAYS TRIGGER variants_updated;
ALTER TABLE variants ENABLE ALWAYS TRIGGER variants_deleted;
ALTER TABLE size_variant_prices ENABLE ALWAYS TRIGGER size_variant_prices_inserted;
ALTER TABLE size_variant_prices ENABLE ALWAYS TRIGGER size_variant_prices_updated;
ALTER TABLE size_variant_prices ENABLE ALWAYS TRIGGER size_variant_prices_deleted;
