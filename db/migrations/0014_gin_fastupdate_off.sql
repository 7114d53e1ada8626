-- Every vote updates listings.votes_count, which is indexed, so the update is not HOT and each GIN
-- index gets the row's keys again (~100 lexemes for the search vector). With fastupdate on they
-- wait in the index's pending list, which every search reads through: after 829 votes on 100k
-- listings a search read 10,500 buffers instead of 6,800 and took 56 ms instead of 21. Off: the
-- keys go straight into the index (the vote pays a little more), and the pending list is flushed now.
ALTER INDEX "listings_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "listings_category_ids_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('listings_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('listings_category_ids_idx'::regclass);
