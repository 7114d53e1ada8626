// regenerate: redraft some fields from the stored site evidence (no new crawl).
import type { DbOrTx } from '@/db/client';
import type { DraftRow } from './queries';
import { proposeFields } from './pipeline';
import type { DraftFieldName, Proposals } from './types';

export async function redraft(
  db: DbOrTx,
  draft: DraftRow,
  names: readonly DraftFieldName[],
): Promise<Proposals | null> {
  if (draft.status === 'crawling' || draft.status === 'drafting') return null;
  return proposeFields(db, draft.id, undefined, names);
}
