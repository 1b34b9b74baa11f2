import fs from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../openapi-document.ts';

/**
 * `npm run openapi`: writes the OpenAPI document (what `GET /api/docs/json` serves) to `packages/sdk/openapi.json`, or
 * to the path given, from the application built in-process (no network, no database: openapi-document.ts).
 */
const out = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../../../packages/sdk/openapi.json'));
fs.writeFileSync(out, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
process.stdout.write(`OpenAPI document written to ${path.relative(process.cwd(), out)}\n`);
