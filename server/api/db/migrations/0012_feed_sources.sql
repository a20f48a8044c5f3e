-- Where each store's feed for a country comes from (stores.json "feeds": an http(s) URL or a
-- path on the api's machine) and what the refresher last saw there, so a refresh fetches or
-- reads again only what changed: the ETag and Last-Modified of the last answer (sent back as
-- If-None-Match and If-Modified-Since), a file's size and mtime, and the SHA-256 of the last
-- feed imported (a server that sends neither validator still costs no import when nothing
-- changed). A refresh claims its row until `claimed_until`, so of several api instances
-- sharing the database one refreshes a source at a time; a claim left by a killed instance
-- simply runs out.
CREATE TABLE feed_sources (
  store_id integer NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  country_code text NOT NULL,
  location text NOT NULL,
  etag text,
  last_modified text,
  file_stamp text,
  content_sha256 text,
  claimed_until timestamptz,
  checked_at timestamptz,
  imported_at timestamptz,
  last_error text,
  PRIMARY KEY (store_id, country_code)
);
