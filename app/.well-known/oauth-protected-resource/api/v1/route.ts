// RFC 9728 protected resource metadata of the REST API (/api/v1).
import { handleRestResourceMetadata, preflight } from '@/lib/oauth/endpoints';

export const dynamic = 'force-dynamic';
export const GET = handleRestResourceMetadata;
export const OPTIONS = preflight;
