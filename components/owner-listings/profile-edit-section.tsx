// The owner's listing page: edit the listing's profile (the fields of update_my_listing), with the
// other sites where the same product is listed to apply the change to.
import type { MyListing } from '@/lib/owner-listings/view';
import { Card } from '@/components/ui/card';
import { ProfileEditForm } from './profile-edit-form';

export function ProfileEditSection({ listing, categories }: { listing: MyListing; categories: string[] }) {
  return (
    <Card as="section" aria-labelledby="profile-edit-heading" padding="p-5 sm:p-6">
      <h2 id="profile-edit-heading" className="text-lg font-semibold text-stone-900">
        Edit the listing
      </h2>
      <p className="mt-1 mb-5 text-sm text-stone-600">
        {listing.status === 'live'
          ? 'Changes are on your public page as soon as you save them.'
          : 'Changes are saved to the listing at once; it becomes public when it launches.'}{' '}
        Each save is kept in the history below.
      </p>
      <ProfileEditForm listing={listing} categories={categories} />
    </Card>
  );
}
