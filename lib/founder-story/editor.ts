// The story editor's data, for the owner's listing page (components/owner-listings/story-section.tsx).
import { getDb } from '@/db/client';
import { loadOwnListing } from '@/lib/owner-listings/access';
import { publicBaseUrl } from '@/lib/site/site';
import { storyEditorState, type StoryEditorState } from './story';

/** The editor state of a listing the user manages (404 `AppError` for anyone else). */
export async function loadStoryEditor(userId: string, listingId: number): Promise<StoryEditorState> {
  const db = await getDb();
  const listing = await loadOwnListing(db, userId, listingId);
  return storyEditorState(db, listing, userId, publicBaseUrl());
}
