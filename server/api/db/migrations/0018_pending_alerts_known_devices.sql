-- Issue 25, "Abuse": pending guest alerts, and known devices.
--
-- A guest's alert is pending until its address confirms it: each alert, not the address once.
-- Anyone can type anyone's address, so an alert added to an address that confirmed before
-- waits for that address's next confirmation too (one e-mail for the alerts of an hour;
-- services/alert-service.ts). A shopper's alert is never pending.
ALTER TABLE alerts ADD COLUMN pending boolean NOT NULL DEFAULT false;
ALTER TABLE alerts ADD CONSTRAINT alerts_pending_guest CHECK (NOT pending OR guest_id IS NOT NULL);
UPDATE alerts a SET pending = true FROM alert_guests g WHERE g.id = a.guest_id AND g.confirmed_at IS NULL;

-- Browsers that signed in to an account before (accounts/known-devices.ts): an opaque random
-- token in the web's HttpOnly known-device cookie, kept here as its SHA-256 per account, so a
-- password sign-in from such a browser has its own allowance, which guessing from elsewhere
-- cannot use up. One browser may be known to several accounts.
CREATE TABLE known_devices (
  token_hash text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (token_hash, user_id)
);
CREATE INDEX known_devices_user_idx ON known_devices (user_id);
CREATE INDEX known_devices_expires_idx ON known_devices (expires_at);
