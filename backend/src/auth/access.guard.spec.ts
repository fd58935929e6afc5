import { Controller, Get } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../testing/test-app.js';
import { ACCESS_RULE } from './access.decorators.js';
import { AccessGuard } from './access.guard.js';
import { AuthenticationService } from './authentication.service.js';

@Controller('undeclared')
class UndeclaredController {
  @Get()
  leak() {
    return { secret: true };
  }
}

describe('AccessGuard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('every route of the server declares who may call it', () => {
    const discovery = t.app.get(DiscoveryService);
    const scanner = t.app.get(MetadataScanner);
    const reflector = t.app.get(Reflector);
    const undeclared: string[] = [];
    let routes = 0;
    for (const { instance, metatype } of discovery.getControllers()) {
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance);
      for (const method of scanner.getAllMethodNames(prototype)) {
        if (reflector.get('path', prototype[method]) === undefined) continue;
        routes += 1;
        if (!reflector.getAllAndOverride(ACCESS_RULE, [prototype[method], metatype]))
          undeclared.push(`${metatype.name}.${method}`);
      }
    }
    expect(routes).toBeGreaterThan(10);
    expect(undeclared).toEqual([]);
  });

  it('refuses a route that declares nothing, even to an administrator', async () => {
    const guard = new AccessGuard(t.app.get(Reflector), t.app.get(AuthenticationService));
    const handler = UndeclaredController.prototype.leak;
    const context = {
      getType: () => 'http',
      getHandler: () => handler,
      getClass: () => UndeclaredController,
      switchToHttp: () => ({ getRequest: () => ({ headers: {} }) }),
    };
    await expect(guard.canActivate(context as never)).rejects.toThrow('This endpoint is not available');
  });
});
