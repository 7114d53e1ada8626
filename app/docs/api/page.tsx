import type { Metadata } from 'next';
import { ApiReference } from './api-reference';

export const metadata: Metadata = { title: 'API reference' };

export default function ApiDocsPage() {
  return (
    <div className="-mx-4 -my-6 sm:-my-10">
      <ApiReference />
    </div>
  );
}
