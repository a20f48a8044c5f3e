-- The plain-SQL search engine's tables (search_documents, search_offers) are not part of the
-- api's schema: the api serves listings from the in-memory index, and the SQL engine is the
-- reference the agreement test and the benchmark compare it with; they create its tables
-- (createSearchTables in server/api/search/sql-engine.ts). Databases migrated before this
-- change got the tables from 0004, empty, since the api never wrote them: drop them there.
-- 0004 no longer creates them, so on a new database this does nothing.
DROP TABLE IF EXISTS search_offers;
DROP TABLE IF EXISTS search_documents;
