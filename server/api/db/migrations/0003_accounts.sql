-- Accounts (spec sections 3, 4, 6, 7 "Account"): users, sessions, password resets,
-- social identities, guest keys, profile pictures, notifications, the mail outbox and the
-- rate-limit counters. Secrets are stored only as SHA-256 hashes (hex): session tokens,
-- reset tokens and guest keys; passwords as scrypt hashes.

CREATE TABLE users (
  id serial PRIMARY KEY,
  -- Lower case; NULL only for a social sign-in that gave no address.
  email text,
  -- Public handle in account addresses (/user/{userName}); unique ignoring case.
  user_name text NOT NULL,
  name text NOT NULL,
  -- "scrypt$N$r$p$salt$hash" (base64); NULL for social-only accounts.
  password_hash text,
  -- Spec section 6: 1 and 2 are admins, 3 and others shoppers.
  profile_type smallint NOT NULL DEFAULT 3 CHECK (profile_type > 0),
  -- Set once someone proved they receive mail at `email` (a reset link, a provider's word).
  email_verified_at timestamptz,
  signup_platform text,
  signup_location text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_user_name_key ON users (lower(user_name));

CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Reset links carry `key` (which row) and `tkn` (the secret, stored hashed); single use.
CREATE TABLE password_resets (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  selector text NOT NULL UNIQUE,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

CREATE TABLE social_identities (
  provider text NOT NULL CHECK (provider IN ('facebook', 'google')),
  -- The provider's stable user id (Facebook id, Google sub).
  subject text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX social_identities_user_idx ON social_identities (user_id);

-- Guest keys for the g-to cookie (spec section 7: sent as the `key` header by visitors).
CREATE TABLE guest_keys (
  id serial PRIMARY KEY,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);

-- One picture per user, re-encoded (metadata stripped); `key` names it in its address.
CREATE TABLE profile_images (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL UNIQUE,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Filled by the alerts issue; counted by GET /api/account/notification-count.
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

-- Every e-mail goes through here; a worker delivers it (SMTP, or the log without SMTP_URL).
-- Bodies can hold one-time links, so they are cleared once sent, failed or expired.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text,
  html_body text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'expired')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  -- A message not worth sending after this (a reset link that no longer works).
  expires_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_pending_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';

-- Fixed-window counters shared by every api instance (keys are hashed).
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_reset_idx ON rate_limit_counters (reset_at);
