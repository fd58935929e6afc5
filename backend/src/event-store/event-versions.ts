import type { DomainEventMap, DomainEventType } from './domain-event.js';

/**
 * Stored events never change shape: a new shape is a new version of the event type, and
 * every older version has an upcaster to the next one. Events are written at their
 * type's current version and upcast to it whenever they are read, so deciders,
 * projections and reactions only ever see the current shape.
 */
export interface EventVersioning {
  /** The version new events of this type are written at. */
  current: number;
  /** For each older version n, a function from the payload of version n to that of version n + 1. */
  upcasters: Record<number, (data: never) => unknown>;
}

const versionings = new Map<string, EventVersioning>();

/**
 * Declares an event type's current version and its upcasters. Called once per versioned
 * type beside its payload in the feature's `*.events.ts`; a type never declared is at
 * version 1.
 */
export function defineEventVersions<Type extends DomainEventType>(type: Type, versioning: EventVersioning): void {
  for (let version = 1; version < versioning.current; version++) {
    if (!versioning.upcasters[version]) throw new Error(`${type} v${version} has no upcaster to v${version + 1}`);
  }
  versionings.set(type, versioning);
}

/** The version a new event of this type is written at. */
export function currentVersionOf(type: string): number {
  return versionings.get(type)?.current ?? 1;
}

/** A stored payload brought up to its type's current version. */
export function upcast<Type extends DomainEventType>(type: Type, version: number, data: unknown): DomainEventMap[Type] {
  const versioning = versionings.get(type);
  if (!versioning) return data as DomainEventMap[Type];
  if (version > versioning.current) {
    throw new Error(`${type} v${version} is newer than this server knows (v${versioning.current}): upgrade it`);
  }
  let payload = data;
  for (let from = version; from < versioning.current; from++) {
    payload = (versioning.upcasters[from] as (data: unknown) => unknown)(payload);
  }
  return payload as DomainEventMap[Type];
}
