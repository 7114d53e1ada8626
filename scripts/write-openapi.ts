// Writes the OpenAPI document to a file (CI lints it with Redocly): `tsx scripts/write-openapi.ts <file>`.
import fs from 'node:fs';
import { buildOpenApiDocument } from '../lib/openapi/document';

const file = process.argv[2];
if (!file) throw new Error('usage: tsx scripts/write-openapi.ts <file>');
// A deployed origin: served locally the document names localhost, which Redocly rightly flags.
fs.writeFileSync(file, JSON.stringify(buildOpenApiDocument('https://directory.invalid'), null, 2));
