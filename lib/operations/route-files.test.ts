// Every operation is served by a thin route file at the path the registry names (the folder tree is the API map).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from './index';

const root = path.resolve(import.meta.dirname, '../../app/api/v1');

describe('REST route files', () => {
  for (const op of operations) {
    it(`${op.method} ${op.path} has a route file calling rest('${op.name}')`, () => {
      const file = path.join(root, op.path.replace(/\{(\w+)\}/g, '[$1]'), 'route.ts');
      expect(fs.existsSync(file), file).toBe(true);
      const source = fs.readFileSync(file, 'utf8');
      expect(source).toMatch(new RegExp(`export const ${op.method} = rest\\('${op.name}'\\)`));
    });
  }
});
