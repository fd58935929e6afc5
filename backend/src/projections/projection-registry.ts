import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Projection, type ProjectionHandler, type RegisteredProjection } from './projection.js';

@Injectable()
export class ProjectionRegistry implements OnModuleInit {
  private projections: RegisteredProjection[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.projections = this.discovery
      .getProviders({ metadataKey: Projection.KEY })
      .map((wrapper) => ({
        ...this.discovery.getMetadataByDecorator(Projection, wrapper)!,
        handler: wrapper.instance as ProjectionHandler,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const names = new Set<string>();
    for (const { name } of this.projections) {
      if (names.has(name)) throw new Error(`Two projections are named ${name}`);
      names.add(name);
    }
  }

  all(): readonly RegisteredProjection[] {
    return this.projections;
  }

  inline(): readonly RegisteredProjection[] {
    return this.projections.filter((projection) => projection.mode === 'inline');
  }

  async(): readonly RegisteredProjection[] {
    return this.projections.filter((projection) => projection.mode === 'async');
  }

  byName(name: string): RegisteredProjection | undefined {
    return this.projections.find((projection) => projection.name === name);
  }
}
