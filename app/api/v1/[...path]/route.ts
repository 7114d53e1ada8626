// Any /api/v1 path no route file serves: a problem+json 404 (or 405), never an HTML page.
import { dispatchRest } from '@/lib/http/route';
import { operations } from '@/lib/operations';

const handle = (request: Request) => dispatchRest(operations, request);
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
