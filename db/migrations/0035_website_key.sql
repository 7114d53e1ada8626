-- One listing per website on a site (lib/owner-listings/same-website.ts): the website compared without
-- its scheme, "www.", query, fragment, a trailing index page and trailing slashes, in lower case;
-- indexed per site for the check at submit.
CREATE FUNCTION website_key(url text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN regexp_replace(
    regexp_replace(regexp_replace(lower(url), '[?#].*$', ''), '^[a-z][a-z0-9+.-]*://(www\.)?', ''),
    '(/index\.(html?|php))?/*$', '');--> statement-breakpoint
CREATE INDEX "listings_site_website_idx" ON "listings" USING btree ("site_id",website_key("url"));
