import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { StatusComponent, type ComponentStatus, type StatusProbe } from '../status/status-component.js';

@StatusComponent('database')
@Injectable()
export class DatabaseProbe implements StatusProbe {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async probe(): Promise<ComponentStatus> {
    const started = performance.now();
    const connected = await this.orm.isConnected();
    if (!connected) return { status: 'unavailable', message: 'Not connected' };
    await this.orm.em.fork().execute('select 1');
    const engine = this.orm.config.get('driver')?.name === 'PgliteDriver' ? 'pglite' : 'postgresql';
    return { status: 'ready', engine, latencyMs: Math.round(performance.now() - started) };
  }
}
