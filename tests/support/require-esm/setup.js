// Jest's own require() of an ES module needs Node 24.9 (https://jestjs.io/docs/ecmascript-modules).
// On Node 22, two CommonJS dependencies, nestjs-pino and @nestjs/throttler, require()
// the ES-module-only @nestjs/common and @nestjs/core, as Node itself allows. This setup
// loads both as ES modules before each test file and hands their namespaces to the
// CommonJS stand-ins that jest.config.js maps the bare names to, so that everyone shares
// the one instance, exactly what Node's require(esm) returns.
const namespaces = {};
globalThis[Symbol.for('docent.requireEsm')] = namespaces;
// By a path the mapping does not match ('.../index.js', not the bare name), and one after
// the other: @nestjs/core imports '@nestjs/common', whose stand-in must find it here.
namespaces['@nestjs/common'] = await import('@nestjs/common/index.js');
namespaces['@nestjs/core'] = await import('@nestjs/core/index.js');
