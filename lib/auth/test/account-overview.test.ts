// The dashboard's count of drafts "in progress": a draft submitted (a listing now) or failed is not one.
// It counted every draft, so a founder whose drafts were all submitted read "You have 3 drafts: open
// one to keep editing".
import { describe, expect, it } from 'vitest';
import { drafts } from '@/db/schema';
import { getAccountOverview } from '@/lib/auth/account-overview';
import { emptyFields } from '@/lib/drafts/fields';
import { newDraftId } from '@/lib/drafts/submit-url';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase({ seed: false });

describe('account overview', () => {
  it('counts the drafts still in progress apart from all of them', async () => {
    const { user } = await createAccount(db);
    expect((await getAccountOverview(db, user.id)).drafts).toEqual({ all: 0, inProgress: 0 });
    const addDrafts = (statuses: string[]) =>
      db.insert(drafts).values(
        statuses.map((status, i) => ({
          id: newDraftId(),
          ownerId: user.id,
          url: `https://${status}-${i}.example.com/`,
          status,
          fields: emptyFields(),
        })),
      );
    await addDrafts(['submitted', 'failed', 'submitted']);
    expect((await getAccountOverview(db, user.id)).drafts).toEqual({ all: 3, inProgress: 0 });
    await addDrafts(['crawling', 'drafting', 'ready']);
    expect((await getAccountOverview(db, user.id)).drafts).toEqual({ all: 6, inProgress: 3 });
    const other = await createAccount(db);
    expect((await getAccountOverview(db, other.user.id)).drafts).toEqual({ all: 0, inProgress: 0 });
  });
});
