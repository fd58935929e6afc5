import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { RealtimeProbe } from './realtime.probe.js';
import { RealtimeService } from './realtime.service.js';
import { SocketRevocation } from './socket-revocation.js';

@Global()
@Module({
  imports: [AuthModule],
  providers: [RealtimeGateway, RealtimeService, SocketRevocation, RealtimeProbe],
  exports: [RealtimeService],
})
export class RealtimeModule {}
