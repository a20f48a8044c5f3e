-- One number for the state of the catalogue and the site content, bumped in the transaction of
-- every import that changes what pages show. Every api instance reads the same number for the
-- same state, so the web can tell a newer catalogue from an instance that is behind (a boot id
-- and a build counter per process could not: two instances behind one balancer disagreed).
CREATE TABLE catalog_generation (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  n bigint NOT NULL
);
INSERT INTO catalog_generation (only_row, n) VALUES (true, 1);
