// The founder story editor on the owner's listing page (the page checked the listing is theirs).
import { getCurrentUser } from '@/lib/auth/session';
import { loadStoryEditor } from '@/lib/founder-story/editor';
import type { MyListing } from '@/lib/owner-listings/view';
import { cardClass } from '@/components/ui/card';
import { StoryEditor } from './story-editor';

export async function StorySection({ listing }: { listing: MyListing }) {
  const user = await getCurrentUser();
  if (!user) return null;
  const editor = await loadStoryEditor(user.id, listing.id);
  return (
    <section id="story" aria-labelledby="story-heading" className={`${cardClass} scroll-mt-20 p-5 sm:p-6`}>
      <h2 id="story-heading" className="text-lg font-semibold text-stone-900">
        Founder story
      </h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-stone-600">
        How {listing.name} came to be, in your own words, on its own page linked from the listing. Sections you leave
        empty are not shown.
      </p>
      <StoryEditor
        listingId={listing.id}
        listingName={listing.name}
        sections={editor.sections}
        profile={editor.profile}
        story={editor.story}
      />
    </section>
  );
}
