-- What the webs must drop from their caches (issue 25): a list or look made private or
-- deleted, and a deleted shopper, stayed public for minutes in the webs' page and shared
-- caches. Every api answer about a public list, look or shopper names its purge keys
-- (x-purge-keys), every api answer says the newest purge (x-purge-version), and a web that
-- sees a newer one reads the purges after the last it applied (GET /internal/cache-purges)
-- and drops what carries their keys. Written here, by triggers, so that no path (a service,
-- a cascade from a deleted shopper, an operator's SQL) can withdraw something and forget.
CREATE TABLE cache_purges (
  id bigserial PRIMARY KEY,
  keys text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION purge_cached(purge_keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  purge_id bigint;
BEGIN
  -- One purging transaction at a time, so ids commit in their order: a web that has read
  -- the purges up to id N has seen every purge that will ever have an id below N.
  LOCK TABLE cache_purges IN SHARE ROW EXCLUSIVE MODE;
  -- Kept pages and answers live minutes; a day of purges covers any web that was listening.
  DELETE FROM cache_purges WHERE created_at < now() - interval '1 day';
  INSERT INTO cache_purges (keys) VALUES (purge_keys) RETURNING id INTO purge_id;
  PERFORM pg_notify('cache_purged', purge_id::text);
END
$$;

CREATE FUNCTION purge_withdrawn_wishlist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM purge_cached(ARRAY['wishlist:' || OLD.id]);
  RETURN NULL;
END
$$;
CREATE TRIGGER wishlists_made_private AFTER UPDATE OF is_public ON wishlists
  FOR EACH ROW WHEN (OLD.is_public AND NOT NEW.is_public) EXECUTE FUNCTION purge_withdrawn_wishlist();
CREATE TRIGGER wishlists_deleted AFTER DELETE ON wishlists
  FOR EACH ROW WHEN (OLD.is_public) EXECUTE FUNCTION purge_withdrawn_wishlist();

-- A public look's page and its owner's public lookbook change with any change to it (its
-- collage has a new URL, its title or privacy changed), and with its deletion.
CREATE FUNCTION purge_changed_look() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM purge_cached(ARRAY['look:' || OLD.id, 'lookbook:' || OLD.user_id]);
  RETURN NULL;
END
$$;
CREATE TRIGGER looks_changed AFTER UPDATE ON looks
  FOR EACH ROW WHEN (OLD.is_public OR NEW.is_public) EXECUTE FUNCTION purge_changed_look();
CREATE TRIGGER looks_deleted AFTER DELETE ON looks
  FOR EACH ROW WHEN (OLD.is_public) EXECUTE FUNCTION purge_changed_look();

-- Everything public about a shopper carries their key: their profile, lookbook, lists and looks.
CREATE FUNCTION purge_deleted_shopper() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM purge_cached(ARRAY['shopper:' || OLD.id]);
  RETURN NULL;
END
$$;
CREATE TRIGGER users_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION purge_deleted_shopper();
