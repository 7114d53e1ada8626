// The operation list (docs/decisions.md#one-operation-list-three-faces). REST routes, MCP tools and OpenAPI are all generated from it.
import type { AnyOperation } from './define';
import { getAccountOp } from './account';
import { listCategoriesOp, listInterviewQuestionsOp, listProductsOp } from './catalog';
import { getWeeklyLeaderboardOp, searchListingsOp } from './listings-public';
import { draftOperations } from './drafts';
import { answerInterviewOp, setFounderStoryOp } from './founder';
import { listingContentOperations } from './listing-content';
import { orderOperations } from './orders';
import { launchOperations } from './launches';
import { myListingOperations } from './my-listings';

export const operations: AnyOperation[] = [
  getAccountOp,
  searchListingsOp,
  getWeeklyLeaderboardOp,
  listCategoriesOp,
  listProductsOp,
  listInterviewQuestionsOp,
  ...draftOperations,
  setFounderStoryOp,
  answerInterviewOp,
  ...listingContentOperations,
  ...orderOperations,
  ...launchOperations,
  ...myListingOperations,
];

const byName = new Map(operations.map((op) => [op.name, op]));

export function operationByName(name: string): AnyOperation | undefined {
  return byName.get(name);
}
