// ES modules in node_modules (react-markdown and the unified family it is built from, the es/ builds that a
// CommonJS build of Ant Design requires) as CommonJS for jest, which cannot require() an ES module on Node 20.
// A file without import or export statements passes through as it is.
const crypto = require('node:crypto');
const fs = require('node:fs');
const ts = require('typescript');

const OWN_SOURCE = fs.readFileSync(__filename, 'utf8');

const ESM_SYNTAX = /^\s*(?:import\s*[\w{*'"]|export\s)/m;

module.exports = {
  getCacheKey(source, filePath) {
    return crypto
      .createHash('sha256')
      .update(OWN_SOURCE)
      .update(ts.version)
      .update(filePath)
      .update(source)
      .digest('hex');
  },
  process(source, filePath) {
    if (!ESM_SYNTAX.test(source)) return { code: source };
    const { outputText } = ts.transpileModule(source, {
      fileName: filePath,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        allowJs: true,
        esModuleInterop: true,
      },
    });
    return { code: outputText };
  },
};
