-- Feeds that tell the truth (issue 27): a store's feed for a country is a full snapshot unless
-- its stores.json entry says "mode": "incremental". The importer reads the mode here: after a
-- full feed, what it no longer carries is withdrawn; an incremental feed withdraws nothing.
ALTER TABLE stores ADD COLUMN feed_mode text NOT NULL DEFAULT 'full' CHECK (feed_mode IN ('full', 'incremental'));
