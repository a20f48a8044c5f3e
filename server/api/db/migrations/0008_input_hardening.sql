-- Three holes found by probing the api: public profiles walkable by sequential id, a mailing
-- list that took any address without asking its owner, and click counts anyone could inflate.

-- Public profiles are addressed by user name or by this opaque id, never by the row id
-- (GET /api/account/user-public-profile/1, /2, /3 … listed every account). Existing users get
-- one each; gen_random_uuid() is evaluated per row.
ALTER TABLE users ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX users_public_id_key ON users (public_id);

-- The mailing list is double opt-in: a subscription is pending until the link in its
-- confirmation e-mail is used, and nothing else is sent to a pending address. The link's
-- token is kept only as a SHA-256 hash and cleared when used (single use); confirm_sent_at
-- allows one confirmation e-mail per address per hour. Addresses taken before this migration
-- were never confirmed by their owners, so they stay pending.
ALTER TABLE subscriptions
  ADD COLUMN confirmed_at timestamptz,
  ADD COLUMN confirm_token_hash text,
  ADD COLUMN confirm_sent_at timestamptz,
  ADD COLUMN confirm_expires_at timestamptz;
CREATE UNIQUE INDEX subscriptions_confirm_token_key ON subscriptions (confirm_token_hash);

-- Click tracking counts at most one click per visitor and size variant within a few minutes
-- (POST /api/products/add-csd). A row says when this visitor's last counted click on this
-- size variant was; rows older than the window are deleted as clicks come in, so the table
-- holds only the last few minutes. `visitor` is a SHA-256 of who clicked (the session's user,
-- the guest key's guest, else the client address), never the address itself.
CREATE TABLE product_click_gate (
  visitor text NOT NULL,
  size_variant_id integer NOT NULL REFERENCES size_variants (id) ON DELETE CASCADE,
  last_click_at timestamptz NOT NULL,
  PRIMARY KEY (visitor, size_variant_id)
);
CREATE INDEX product_click_gate_age_idx ON product_click_gate (last_click_at);
