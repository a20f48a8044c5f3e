-- Mailing-list subscriptions (spec section 7 "POST /api/account/subscribe"): one row per
-- address; subscribing again is not an error and changes nothing but the last time seen.
CREATE TABLE subscriptions (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  country_code text,
  source text NOT NULL DEFAULT 'dialog',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_subscribed_at timestamptz NOT NULL DEFAULT now()
);
