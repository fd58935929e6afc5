// A plain ES module, not TypeScript: Jest loads its test environment itself, without the transform.
import { TestEnvironment as NodeEnvironment } from 'jest-environment-node';

const SHARED_CONSTRUCTORS = [
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'ReferenceError',
  'EvalError',
  'URIError',
  'AggregateError',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'DataView',
];

/**
 * Jest's Node environment, in which an error or a typed array that Node itself creates is
 * still `instanceof Error` or `instanceof Float32Array`.
 *
 * Jest runs each test file in its own vm context, with its own built-in constructors, while
 * Node's modules (fetch, fs, net, AbortSignal...) and native addons (ONNX Runtime) create
 * their objects in the outer one, so that `error instanceof Error` is false for them in the
 * test and true in production (https://github.com/jestjs/jest/issues/2549). The code and its
 * libraries check that way, so each of these constructors of the test's context also
 * recognizes its outer twin's instances. Subclasses (`class X extends Error`) still match
 * only their own instances.
 */
export default class DocentTestEnvironment extends NodeEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of SHARED_CONSTRUCTORS) {
      const inner = this.global[name];
      const outer = globalThis[name];
      if (inner === outer) continue;
      const ownInstance = Function.prototype[Symbol.hasInstance];
      Object.defineProperty(inner, Symbol.hasInstance, {
        configurable: true,
        value(value) {
          return ownInstance.call(this, value) || (this === inner && value instanceof outer);
        },
      });
    }
  }
}
