-- Issue 29, every language the site names: an e-mail is written in the language the shopper
-- used when they asked for it. What is asked for now (a reset, a sign-in link, a confirm
-- e-mail) takes the request's language; what is sent later needs it kept with what asked.
-- Each is kept as the URL segment of its country's site language ('' English, 'fr', 'zh',
-- 'ms', 'ta': shared/i18n/languages.ts), beside the country_code it belongs to; rows from
-- before languages are English, as their e-mails were.

-- An alert's e-mails (what fired, in the digest) speak the language it was set in, and link
-- to that language's pages.
ALTER TABLE alerts ADD COLUMN language text NOT NULL DEFAULT '';

-- The mailing list's: the confirmation e-mail, and whatever the list sends later.
ALTER TABLE subscriptions ADD COLUMN language text NOT NULL DEFAULT '';
