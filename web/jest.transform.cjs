// TypeScript for jest in web/: ts-jest with the app's compiler options, emitted as CommonJS.
const { compilerOptions } = require('./tsconfig.json');

module.exports = {
  '^.+\\.tsx?$': [
    'ts-jest',
    {
      diagnostics: false,
      tsconfig: {
        ...compilerOptions,
        module: 'commonjs',
        moduleResolution: 'node10',
        ignoreDeprecations: '6.0',
        paths: undefined,
        types: ['jest', 'node'],
      },
    },
  ],
};
