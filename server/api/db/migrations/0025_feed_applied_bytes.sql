-- Issue 30, a re-import of an unchanged feed. applied_sha256 is the SHA-256 of the bytes the
-- last applied import of a store and country read; rows_changed_at the last time an applied
-- import of that store and country changed the store's own rows (products, colours, sizes),
-- which its feeds for every country share. The same bytes again, in the same store mode, with
-- nothing held and no other country's feed of the store having changed those rows since, would
-- write nothing but the time its prices were confirmed: the importer then confirms them without
-- reading the feed (catalog/importer.ts). Rows from before this migration: no bytes known, and
-- the store's rows taken as changed when they were last imported.
ALTER TABLE feed_states ADD COLUMN applied_sha256 text;
ALTER TABLE feed_states ADD COLUMN rows_changed_at timestamptz;
UPDATE feed_states SET rows_changed_at = imported_at;
