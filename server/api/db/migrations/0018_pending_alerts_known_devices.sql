-- Issue 25, "Abuse".
--
-- A guest's alert is pending until its address confirms it: each alert, not the address once.
-- Anyone can type anyone's address, so an alert added to an address that confirmed before
-- waits for that address's next confirmation too (one e-mail for the alerts of an hour;
-- services/alert-service.ts). A shopper's alert is never pending.
ALTER TABLE alerts ADD COLUMN pending boolean NOT NULL DEFAULT false;
ALTER TABLE alerts ADD CONSTRAINT alerts_pending_guest CHECK (NOT pending OR guest_id IS NOT NULL);
UPDATE alerts a SET pending = true FROM alert_guests g WHERE g.id = a.guest_id AND g.confirmed_at IS NULL;
