// @nestjs/core as loaded by ./setup.js: see there why.
module.exports = globalThis[Symbol.for('docent.requireEsm')]['@nestjs/core'];
