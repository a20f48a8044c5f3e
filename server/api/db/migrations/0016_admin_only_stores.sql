-- Spec section 6: stores the stores manifest marks admin-only are shown to admins (profile
-- type 1 or 2) and to nobody else. The flag is the manifest's, kept with the store's other
-- facts; every reader of the catalogue that a non-admin reaches filters on it.
ALTER TABLE stores ADD COLUMN admin_only boolean NOT NULL DEFAULT false;
