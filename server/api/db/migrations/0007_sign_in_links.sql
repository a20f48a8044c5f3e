-- E-mailed sign-in links: the owner's way in while password sign-in to the account is paused
-- after many failed attempts from many addresses (server/api/accounts/login-throttle.ts), and
-- for anyone who would rather not type a password. The link carries `key` (which row) and
-- `tkn` (the secret, stored as its SHA-256); single use, valid for minutes.

CREATE TABLE sign_in_links (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  selector text NOT NULL UNIQUE,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sign_in_links_user_idx ON sign_in_links (user_id);
