// Validates docker-compose.yml against the Compose Specification's JSON Schema (vendored in deploy/schemas).
// Prints every problem and exits 1 if there is any.
//   node scripts/check-compose.mjs [compose file, default docker-compose.yml]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import yaml from 'js-yaml';

const require = createRequire(import.meta.url);

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = process.argv[2] ?? path.join(root, 'docker-compose.yml');
const schema = JSON.parse(fs.readFileSync(path.join(root, 'deploy', 'schemas', 'compose-spec.json'), 'utf8'));

// The schema uses the 'duration' format and patterned property names; formats are checked by Compose itself.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
// The schema names draft-07's meta-schema by its https address; ajv knows it by the http one.
ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-07.json'), 'https://json-schema.org/draft-07/schema');
const validate = ajv.compile(schema);
const document = yaml.load(fs.readFileSync(file, 'utf8'));
if (!validate(document)) {
  for (const error of validate.errors ?? []) console.error(`  - ${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
  console.error(`${path.relative(root, file)} does not match the Compose Specification`);
  process.exit(1);
}
console.log(`${path.relative(root, file)} matches the Compose Specification`);
